/**
 * A unified diff of one file's two texts as one hunk around the changed lines (the tally changes
 * one block of records/event.yaml), with three lines of context: the lines that stay inside the
 * block are found by a longest common subsequence, which is small there.
 */
export function lineDiff(file: string, before: string, after: string): string {
  if (before === after) return "";
  const lines = (text: string) => text.replace(/\n$/, "").split("\n");
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) [endA, endB] = [endA - 1, endB - 1];
  const from = Math.max(0, start - 3);
  const toA = Math.min(a.length, endA + 3);
  const toB = Math.min(b.length, endB + 3);
  return `${[
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${from + 1},${toA - from} +${from + 1},${toB - from} @@`,
    ...a.slice(from, start).map((l) => ` ${l}`),
    ...middle(a.slice(start, endA), b.slice(start, endB)),
    ...a.slice(endA, toA).map((l) => ` ${l}`),
  ].join("\n")}\n`;
}

/** The changed block's lines: kept ones with a space, removed with -, added with +. */
function middle(a: readonly string[], b: readonly string[]): string[] {
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] =
        a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const out: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) [out[out.length], i, j] = [` ${a[i]}`, i + 1, j + 1];
    else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!))
      out.push(`-${a[i++]}`);
    else out.push(`+${b[j++]}`);
  }
  return out;
}
