import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { hasErrors } from "../../diagnostics/diagnostic.ts";
import { eventTextErrors } from "../../judging/event-text-check.ts";
import { thinWinners } from "../../judging/few-judges.ts";
import { lineDiff } from "../../judging/line-diff.ts";
import type { TallyReport } from "../../judging/tally.ts";
import { awardedPrizes, awardsOf, setAwards } from "../../judging/write-awards.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { printDiagnostics, type CommandOutput } from "../print-diagnostics.ts";

/** `--write`: the awards set in records/event.yaml and the diff printed, or why nothing was written; the exit code. */
export async function writeAwards(
  root: string,
  report: TallyReport,
  allowFew: boolean,
  io: CommandOutput,
): Promise<number> {
  if (hasErrors(report.diagnostics)) {
    io.err(`nothing written to ${EVENT_FILE}: the score files have errors (above)\n`);
    return 1;
  }
  const file = join(root, EVENT_FILE);
  const before = await readFile(file, "utf8");
  // A prize tied at its cut whose award is already written (settled by hand) is left as it is.
  const byHand = awardedPrizes(before);
  const skipped = report.prizes.filter((p) => p.tie && byHand.has(p.id));
  for (const p of skipped)
    io.err(
      `note: ${p.id} has a tie at the cut (${p.tie!.projects.join(", ")}) and already an award in ${EVENT_FILE}: its award is left as written\n`,
    );
  const prizes = report.prizes.filter((p) => !skipped.includes(p));
  const ties = prizes.filter((p) => p.tie);
  if (ties.length) {
    for (const p of ties)
      io.err(
        `nothing written to ${EVENT_FILE}: ${p.id} has a tie at the cut (${p.tie!.projects.join(", ")} share place ${p.tie!.place}); settle it with another judge's scores, or write its award by hand\n`,
      );
    return 1;
  }
  const thin = allowFew ? [] : thinWinners({ prizes, perProject: report.perProject });
  for (const w of thin)
    io.err(
      `nothing written to ${EVENT_FILE}: ${w.prize} would go to ${w.slug}, which ${w.judges} judge${w.judges === 1 ? "" : "s"} saw, fewer than judging.perProject (${report.perProject}); have more judges score it, or run again with --allow-few-judges to write it anyway\n`,
    );
  if (thin.length) return 1;
  const awards = awardsOf(prizes);
  const after = setAwards(
    before,
    awards,
    prizes.map((p) => p.id),
  );
  if (after === before) {
    io.err(`${EVENT_FILE} already holds these awards: nothing to write\n`);
    return 0;
  }
  const invalid = eventTextErrors(after);
  if (invalid.length) {
    printDiagnostics(invalid, "text", io);
    io.err(
      `nothing written to ${EVENT_FILE}: with these awards it would not validate (above); lower the prize's count to what an award may hold, or write the award by hand\n`,
    );
    return 1;
  }
  await writeFile(file, after);
  io.out(`\nwrote awards to ${EVENT_FILE}; review the change and open a pull request with it:\n\n`);
  io.out(lineDiff(EVENT_FILE, before, after));
  return 0;
}
