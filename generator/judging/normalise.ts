import type { JudgeSheet } from "./check-scores.ts";
import type { TallyEvent } from "./tally-event.ts";

/**
 * One judge's scores made comparable with everyone's: per criterion, z-scores over the projects
 * that judge scored (so a judge who gives 3s and one who gives 5s count alike), weighed by the
 * event's criteria weights. A criterion the judge scored all alike contributes 0.
 */
export function normalisedScores(sheet: JudgeSheet, event: TallyEvent): Map<string, number> {
  const slugs = [...sheet.scores.keys()];
  const total = event.judgingCriteria.reduce((sum, c) => sum + c.weight, 0);
  const result = new Map<string, number>(slugs.map((slug) => [slug, 0]));
  for (const { name, weight } of event.judgingCriteria) {
    const values = slugs.map((slug) => sheet.scores.get(slug)!.get(name)!);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    if (sd === 0) continue;
    slugs.forEach((slug, i) =>
      result.set(slug, result.get(slug)! + ((values[i]! - mean) / sd) * (weight / total)),
    );
  }
  // Rounded, so the last bits of floating-point arithmetic never decide a place.
  for (const [slug, value] of result) result.set(slug, rounded(value));
  return result;
}

export const rounded = (value: number): number => Math.round(value * 1e9) / 1e9 + 0;
