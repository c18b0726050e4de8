import type { Pair } from "./paired.ts";

/** One row of the benchmark's table: ours, the other side, their ratio, the goal and whether it holds. */
export interface Row {
  figure: string;
  ours: string;
  other: string;
  ratio: string;
  goal: string;
  holds: string;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "");
const holds = (met: boolean) => (met ? "yes" : "**no**");

/** A paired figure whose goal is a ratio: `ours / other ≤ most` (an empty `most`: shown beside, no goal). */
export function ratioRow(figure: string, pair: Pair, most: number | undefined, goal: string): Row {
  const ratio = pair.a / pair.b;
  return {
    figure,
    ours: ms(pair.a),
    other: ms(pair.b),
    ratio: Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "",
    goal,
    holds: most === undefined || !Number.isFinite(ratio) ? "" : holds(ratio <= most),
  };
}

/** A figure with an absolute goal (`ours ≤ most`, in `unit`), with the other side's beside it when measured. */
export function limitRow(figure: string, pair: Pair, most: number, goal: string): Row {
  return { ...ratioRow(figure, pair, undefined, goal), holds: holds(pair.a <= most) };
}

/** A figure that is a count or size, not a time. */
export function valueRow(figure: string, ours: string, goal: string, met?: boolean): Row {
  return { figure, ours, other: "", ratio: "", goal, holds: met === undefined ? "" : holds(met) };
}

/** A figure this run did not measure, and why, so the table keeps the order and length. */
export function notRun(figure: string, why: string, goal: string): Row {
  return { figure, ours: `not run: ${why}`, other: "", ratio: "", goal, holds: "" };
}

export function table(rows: readonly Row[]): string[] {
  return [
    "| figure | ours | other | ratio | goal | holds |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.figure} | ${r.ours} | ${r.other} | ${r.ratio} | ${r.goal} | ${r.holds} |`),
  ];
}
