/** The fewest projects a judge must share with others before their agreement is measured. */
export const SHARED_AT_LEAST = 3;

export interface Disagreement {
  judge: string;
  /** Spearman's rank correlation of the judge's scores with the others' mean, -1 to 1. */
  correlation: number;
  shared: number;
}

/**
 * Judges whose ranking runs against everyone else's: Spearman's correlation of their normalised
 * scores with the mean of the other judges' on the projects they share (at least three) is 0 or
 * below. A judge or an others' mean that is all alike has no ranking to compare and is not told.
 */
export function disagreeingJudges(scores: ReadonlyMap<string, ReadonlyMap<string, number>>): Disagreement[] {
  const found: Disagreement[] = [];
  const totals = new Map<string, { sum: number; count: number }>();
  for (const own of scores.values())
    for (const [slug, value] of own) {
      const total = totals.get(slug) ?? { sum: 0, count: 0 };
      totals.set(slug, { sum: total.sum + value, count: total.count + 1 });
    }
  for (const [judge, own] of scores) {
    const mine: number[] = [];
    const theirs: number[] = [];
    for (const [slug, value] of own) {
      const { sum, count } = totals.get(slug)!;
      if (count < 2) continue;
      mine.push(value);
      theirs.push(Math.round(((sum - value) / (count - 1)) * 1e9) / 1e9);
    }
    if (mine.length < SHARED_AT_LEAST) continue;
    const correlation = spearman(mine, theirs);
    if (correlation !== undefined && correlation <= 0)
      found.push({ judge, correlation: Math.round(correlation * 100) / 100 + 0, shared: mine.length });
  }
  return found;
}

/** Spearman's rank correlation (ties share their mean rank), or undefined when a side is all alike. */
export function spearman(a: readonly number[], b: readonly number[]): number | undefined {
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (ra.length + 1) / 2;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - mean) * (rb[i]! - mean);
    da += (ra[i]! - mean) ** 2;
    db += (rb[i]! - mean) ** 2;
  }
  return da === 0 || db === 0 ? undefined : num / Math.sqrt(da * db);
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0]);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end++;
    for (let k = start; k <= end; k++) result[order[k]![1]] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return result;
}
