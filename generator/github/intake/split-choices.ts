import { lines } from "./form-body.ts";

export type Split = { ok: true; choices: string[] } | { ok: false; problem: string };

/**
 * A multi-select dropdown's answer as its options. GitHub writes the chosen options joined by ", "
 * (GitHub Docs, "Syntax for GitHub's form schema", dropdown `multiple`; github/issue-parser#17),
 * and an option may hold ", " itself ("Arm, 6-axis"), so the answer is read as options from the
 * form, never split at each comma. A body edited by hand may put one per line. An answer that is
 * not options joined so, or that reads as two different choices, is refused: nothing is guessed.
 */
export function splitChoices(answer: string, options: readonly string[]): Split {
  const choices: string[] = [];
  for (const line of lines(answer)) {
    const readings = readingsOf(line, options);
    if (readings.length !== 1) return { ok: false, problem: refusal(line, readings, options) };
    choices.push(...readings[0]!);
  }
  return { ok: true, choices };
}

function refusal(line: string, readings: string[][], options: readonly string[]): string {
  const quoted = (list: readonly string[]) => list.map((o) => JSON.stringify(o));
  if (readings.length === 0)
    return `${JSON.stringify(line)} is not the form's options joined by ", " (the options are ${quoted(options).join(", ") || "none"}): choose them in the form again`;
  const ways = readings.map((r) => quoted(r).join(" + ")).join(", or ");
  return `${JSON.stringify(line)} can be read as different choices (${ways}): an organiser must rename an option so that no two read alike`;
}

/**
 * The ways `line` is options joined by ", ", at most two (a second says it is ambiguous). A form
 * chooses each option once, so a line longer than all of them together has no reading; that bound
 * also keeps the search small for any body.
 */
function readingsOf(line: string, options: readonly string[]): string[][] {
  const longest = options.reduce((sum, o) => sum + o.length + 2, 0);
  if (line.length > longest) return [];
  const memo = new Map<number, string[][]>();
  const from = (at: number): string[][] => {
    if (at === line.length) return [[]];
    const known = memo.get(at);
    if (known) return known;
    const found: string[][] = [];
    for (const option of options) {
      if (option === "" || !line.startsWith(option, at)) continue;
      const end = at + option.length;
      const rests = end === line.length ? [[]] : line.startsWith(", ", end) ? from(end + 2) : [];
      for (const rest of rests) if (found.length < 2) found.push([option, ...rest]);
    }
    memo.set(at, found);
    return found;
  };
  return from(0);
}
