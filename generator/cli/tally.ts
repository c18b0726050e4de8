import { readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { hasErrors } from "../diagnostics/diagnostic.ts";
import { eventTextErrors } from "../judging/event-text-check.ts";
import { thinWinners } from "../judging/few-judges.ts";
import { lineDiff } from "../judging/line-diff.ts";
import { reportText } from "../judging/report-text.ts";
import { tally, type TallyReport } from "../judging/tally.ts";
import type { ScoreSource, TallyEvent, TallyProject } from "../judging/tally-event.ts";
import { awardedPrizes, awardsOf, setAwards } from "../judging/write-awards.ts";
import { MAX_SCORE_FILE_BYTES } from "../judging/score-file.ts";
import { deriveModel } from "../derive/derive-model.ts";
import { judgingAssignment } from "../derive/judging-assignment.ts";
import { assignmentGaps, type AssignmentGap } from "../judging/assignment-gaps.ts";
import { arrivalsAfterSeed } from "../load/arrivals-after-seed.ts";
import { check, validRecords, type Checked } from "../pipeline.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { exitWithError } from "./options.ts";
import { printDiagnostics } from "./print-diagnostics.ts";

const USAGE = `usage: npm run tally -- [--root DIR] [--write] <score files…>

Checks the judges' score files (one per judge, from the judging page) against records/event.yaml
and records/projects/, ranks each prize's projects with every judge's scores normalised, and
tells ties at the winners' cut, projects few or no judges saw, and judges who disagree with
everyone. Score files are read, never written: keep them outside the repository or in scores/.
See docs/judging.md.

  --write        set awards in records/event.yaml (each prize's count of winners) and print the
                 diff; refused while a file has errors or a tie at a cut is unsettled
  --allow-few-judges
                 write a winner fewer judges saw than judging.perProject (default 3); without
                 it, --write refuses while any winner has fewer
  --root DIR     the checkout whose records/ to read (default: this folder)
  -h, --help     print this and stop`;

try {
  const { values, positionals } = parseArgs({
    options: {
      root: { type: "string" },
      write: { type: "boolean" },
      "allow-few-judges": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!positionals.length) throw new Error(`name the judges' score files\n\n${USAGE}`);
  const root = values.root ?? process.cwd();
  const checked = await check({ root });
  const { event, projects } = checked.loaded;
  if (!checked.ok || !event) {
    printDiagnostics(checked.diagnostics);
    console.error("the records must validate before a tally: fix the errors above (npm run validate)");
    process.exit(1);
  }
  // npm runs a script in the package's folder; a file is named from where the organiser typed it.
  const here = process.env.INIT_CWD ?? process.cwd();
  const sources = await Promise.all(positionals.map((file) => readSource(file, resolve(here, file))));
  const report = tally(
    sources,
    event.data as TallyEvent,
    projects.map((p): TallyProject => {
      const data = p.data as ProjectData;
      return {
        slug: p.slug,
        track: data.track,
        teamSlug: data.teamSlug,
        members: data.team.map((m) => m.github ?? null),
      };
    }),
    new Map(
      checked.loaded.teams.map(
        (t) => [t.slug, (t.data as TeamData).members.map((m) => m.github ?? null)] as const,
      ),
    ),
  );
  process.stdout.write(reportText(report, await gapsOf(root, checked, report)));
  if (hasErrors(report.diagnostics)) process.exitCode = 1;
  if (values.write) process.exitCode = await writeAwards(root, report, values["allow-few-judges"] ?? false);
} catch (error) {
  exitWithError(error, USAGE);
}

/**
 * The judges who have not scored all the assignment gave them, from the model the site is built
 * from, with the projects that arrived after the seed as the build reads them (the address is a
 * stand-in: the assignment does not depend on it).
 */
async function gapsOf(root: string, checked: Checked, report: TallyReport): Promise<AssignmentGap[]> {
  if (hasErrors(report.diagnostics)) return [];
  const records = validRecords(checked.loaded);
  const lateArrivals = await arrivalsAfterSeed(
    root,
    records.event.judging?.seed,
    records.projects.map((p) => p.slug),
  );
  const model = deriveModel(
    records,
    { assets: checked.assets, handbook: checked.handbook },
    { baseUrl: "https://tally.invalid/", generatedAt: "1970-01-01T00:00:00+00:00", lateArrivals },
  );
  return assignmentGaps(judgingAssignment(model).judges, report.scored);
}

/** What the tally reads of a checked project and team (the schema fills in the defaults). */
type ProjectData = { track: string | null; teamSlug: string | null; team: { github: string | null }[] };
type TeamData = { members: { github: string | null }[] };

async function readSource(file: string, path: string): Promise<ScoreSource> {
  try {
    // Refused before it is read: a judge's file is a few kilobytes, and a huge one could stall the tally.
    const { size } = await stat(path);
    if (size > MAX_SCORE_FILE_BYTES)
      return {
        file,
        unreadable: `a file of ${(size / 1e6).toFixed(1)} MB; a score file may be at most 2 MB, and a judge's is a few KB`,
      };
    return { file, text: await readFile(path, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      file,
      unreadable: code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a folder" : String(code),
    };
  }
}

/** `--write`: the awards set in records/event.yaml and the diff printed, or why nothing was written. */
async function writeAwards(root: string, report: TallyReport, allowFew: boolean): Promise<number> {
  if (hasErrors(report.diagnostics)) {
    console.error(`nothing written to ${EVENT_FILE}: the score files have errors (above)`);
    return 1;
  }
  const file = join(root, EVENT_FILE);
  const before = await readFile(file, "utf8");
  // A prize tied at its cut whose award is already written (settled by hand) is left as it is.
  const byHand = awardedPrizes(before);
  const skipped = report.prizes.filter((p) => p.tie && byHand.has(p.id));
  for (const p of skipped)
    console.error(
      `note: ${p.id} has a tie at the cut (${p.tie!.projects.join(", ")}) and already an award in ${EVENT_FILE}: its award is left as written`,
    );
  const prizes = report.prizes.filter((p) => !skipped.includes(p));
  const ties = prizes.filter((p) => p.tie);
  if (ties.length) {
    for (const p of ties)
      console.error(
        `nothing written to ${EVENT_FILE}: ${p.id} has a tie at the cut (${p.tie!.projects.join(", ")} share place ${p.tie!.place}); settle it with another judge's scores, or write its award by hand`,
      );
    return 1;
  }
  const thin = allowFew ? [] : thinWinners({ prizes, perProject: report.perProject });
  for (const w of thin)
    console.error(
      `nothing written to ${EVENT_FILE}: ${w.prize} would go to ${w.slug}, which ${w.judges} judge${w.judges === 1 ? "" : "s"} saw, fewer than judging.perProject (${report.perProject}); have more judges score it, or run again with --allow-few-judges to write it anyway`,
    );
  if (thin.length) return 1;
  const awards = awardsOf(prizes);
  const after = setAwards(
    before,
    awards,
    prizes.map((p) => p.id),
  );
  if (after === before) {
    console.error(`${EVENT_FILE} already holds these awards: nothing to write`);
    return 0;
  }
  const invalid = eventTextErrors(after);
  if (invalid.length) {
    printDiagnostics(invalid);
    console.error(
      `nothing written to ${EVENT_FILE}: with these awards it would not validate (above); lower the prize's count to what an award may hold, or write the award by hand`,
    );
    return 1;
  }
  await writeFile(file, after);
  process.stdout.write(
    `\nwrote awards to ${EVENT_FILE}; review the change and open a pull request with it:\n\n`,
  );
  process.stdout.write(lineDiff(EVENT_FILE, before, after));
  return 0;
}
