import { formatLine, oneLine } from "../diagnostics/format-line.ts";
import type { AssignmentGap } from "./assignment-gaps.ts";
import type { TallyReport } from "./tally.ts";

const places = (n: number) => `${n} place${n === 1 ? "" : "s"}`;
const judges = (n: number) => `${n} judge${n === 1 ? "" : "s"}`;

/**
 * The tally as the organiser reads it in a terminal: each prize's ranking, then what to look at,
 * with the judges who have not scored all the assignment gave them (`gaps`).
 */
export function reportText(report: TallyReport, gaps: readonly AssignmentGap[] = []): string {
  const lines: string[] = [];
  if (report.diagnostics.length) {
    for (const d of report.diagnostics) lines.push(formatLine(d));
    if (report.diagnostics.some((d) => d.severity === "error"))
      return `${lines.join("\n")}\nnothing is ranked until the score files have no errors\n`;
    lines.push("");
  }
  lines.push(`${judges(report.judges.length)}: ${report.judges.map(oneLine).join(", ")}`);
  if (!report.prizes.length)
    lines.push(
      "",
      "records/event.yaml lists no prizes, so nothing is ranked: add prizes (each with its track and count)",
    );
  for (const prize of report.prizes) {
    const track = prize.track === null ? "every project" : `track ${prize.track}`;
    lines.push("", `${oneLine(prize.name)} (${prize.id}; ${track}; ${prize.count} to win)`);
    if (!prize.ranking.length) lines.push("  no project in it was scored: nobody wins it");
    const width = Math.max(0, ...prize.ranking.map((r) => r.slug.length));
    for (const row of prize.ranking) {
      const mark = prize.winners.includes(row.slug)
        ? row.judges < report.perProject
          ? `  wins, but fewer than ${report.perProject} judges saw it`
          : "  wins"
        : prize.tie?.projects.includes(row.slug)
          ? "  tied"
          : "";
      const score = (row.score >= 0 ? "+" : "") + row.score.toFixed(2);
      lines.push(
        `  ${String(row.place).padStart(3)}. ${row.slug.padEnd(width)}  ${score.padStart(6)}  ${judges(row.judges)}, spread ${row.spread.toFixed(2)}${mark}`,
      );
    }
    if (prize.tie)
      lines.push(
        `  tie at the cut: ${prize.tie.projects.join(", ")} share place ${prize.tie.place} for ${places(prize.tie.left)}; have another judge score them, or lower or raise the prize's count`,
      );
    if (prize.unseen.length)
      lines.push(`  not scored by any judge, so it cannot win: ${prize.unseen.join(", ")}`);
  }
  lines.push("");
  if (report.unseen.length) lines.push(`seen by no judge: ${report.unseen.join(", ")}`);
  if (report.fewJudges.length)
    lines.push(
      `seen by fewer than ${report.perProject} judges (judging.perProject): ${report.fewJudges.map((p) => `${p.slug} (${p.judges})`).join(", ")}`,
    );
  for (const gap of gaps)
    lines.push(
      gap.noFile
        ? `${oneLine(gap.judge)} sent no score file: the assignment gave them ${gap.assigned} ${gap.assigned === 1 ? "project" : "projects"}`
        : `${oneLine(gap.judge)} scored ${gap.assigned - gap.missing.length} of the ${gap.assigned} projects the assignment gave them; not: ${gap.missing.join(", ")}`,
    );
  for (const d of report.disagreeing)
    lines.push(
      `${oneLine(d.judge)} disagrees with everyone: their ranking against the others' on ${d.shared} shared projects correlates at ${d.correlation.toFixed(2)} (Spearman); talk to them before publishing`,
    );
  return `${lines.join("\n")}\n`;
}
