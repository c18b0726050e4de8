import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/** The most problems told for one score file: past that, a file is not a judge's slip. */
export const MAX_PER_FILE = 20;

/**
 * Sorted diagnostics with at most MAX_PER_FILE per file, then one line saying how many more there
 * were (an error if any of them is), so a hostile or broken file cannot flood the terminal.
 */
export function capPerFile(sorted: readonly Diagnostic[], max = MAX_PER_FILE): Diagnostic[] {
  const out: Diagnostic[] = [];
  let i = 0;
  while (i < sorted.length) {
    const file = sorted[i]!.file;
    let end = i;
    while (end < sorted.length && sorted[end]!.file === file) end++;
    out.push(...sorted.slice(i, Math.min(i + max, end)));
    const rest = sorted.slice(i + max, end);
    if (rest.length)
      out.push({
        file,
        line: rest[0]!.line,
        column: rest[0]!.column,
        severity: rest.some((d) => d.severity === "error") ? "error" : "warning",
        rule: "score-more",
        message: `and ${rest.length} more problem${rest.length === 1 ? "" : "s"} in this file, not shown`,
        fix: "Fix the problems above and run the tally again, or ask the judge to export the file again from the judging page.",
      });
    i = end;
  }
  return out;
}
