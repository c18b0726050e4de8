import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { hasErrors } from "../../diagnostics/diagnostic.ts";
import { reportText } from "../../judging/report-text.ts";
import { tally, type TallyReport } from "../../judging/tally.ts";
import type { TallyEvent, TallyProject } from "../../judging/tally-event.ts";
import { deriveModel } from "../../derive/derive-model.ts";
import { judgingAssignment } from "../../derive/judging-assignment.ts";
import { assignmentGaps, type AssignmentGap } from "../../judging/assignment-gaps.ts";
import { arrivalsAfterSeed } from "../../load/arrivals-after-seed.ts";
import { GitFailed } from "../../load/git-answer.ts";
import { check, validRecords, type Checked } from "../../pipeline.ts";
import { errorText } from "../options.ts";
import { printDiagnostics, type CommandOutput } from "../print-diagnostics.ts";
import { readSource } from "./read-source.ts";
import { writeAwards } from "./write-awards.ts";

export const USAGE = `usage: npm run tally -- [--root DIR] [--write] <score files…>

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

/** Where the command runs: `here` is the folder the organiser typed it in (score files are named from it). */
export interface TallyIo extends CommandOutput {
  cwd: string;
  here: string;
}

/**
 * `npm run tally`: its arguments in, its exit code out (generator/cli/tally.ts is the entry point).
 * It writes only through `io`, so a test runs it in its own process.
 */
export async function run(args: string[], io: TallyIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: {
        root: { type: "string" },
        write: { type: "boolean" },
        "allow-few-judges": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
    if (values.help) {
      io.out(`${USAGE}\n`);
      return 0;
    }
    if (!positionals.length) throw new Error(`name the judges' score files\n\n${USAGE}`);
    const root = resolve(io.cwd, values.root ?? ".");
    const checked = await check({ root });
    const { event, projects } = checked.loaded;
    if (!checked.ok || !event) {
      printDiagnostics(checked.diagnostics, "text", io);
      io.err("the records must validate before a tally: fix the errors above (npm run validate)\n");
      return 1;
    }
    const sources = await Promise.all(positionals.map((file) => readSource(file, resolve(io.here, file))));
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
    io.out(reportText(report, await gapsOf(root, checked, report)));
    if (values.write) return await writeAwards(root, report, values["allow-few-judges"] ?? false, io);
    return hasErrors(report.diagnostics) ? 1 : 0;
  } catch (error) {
    io.err(`${errorText(error, USAGE)}\n`);
    return 2;
  }
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
  ).catch((error: unknown) => {
    // Nothing is told or written on a guess that no project came late (load/git-answer.ts).
    if (!(error instanceof GitFailed)) throw error;
    throw new Error(
      `which projects came after judging.seed was set could not be read from git (${error.message}), so neither the judges' gaps nor the awards are worked out. Fix: tally in a complete clone of the repository; git fsck names what is damaged in this one`,
    );
  });
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
