import { byCodeUnits } from "../code-unit-order.ts";

/** A project's standing in a prize: its mean normalised score, its judges and how far apart they were. */
export interface Standing {
  slug: string;
  /** 1 + how many projects scored higher: tied projects share a place. */
  place: number;
  score: number;
  judges: number;
  /** The highest judge's normalised score less the lowest's (0 with one judge). */
  spread: number;
}

/** A tie across the winners' cut: `projects` share `place`, with `left` prizes for them. */
export interface CutTie {
  place: number;
  projects: string[];
  left: number;
}

export interface PrizeResult {
  id: string;
  name: string;
  count: number;
  track: string | null;
  ranking: Standing[];
  winners: string[];
  tie?: CutTie;
  /** Projects in the prize's track no judge scored: they cannot win it. */
  unseen: string[];
}

/**
 * Ranks a prize's projects (those no judge saw are left out: they never win). The first `count`
 * win; when projects on both sides of the cut score the same, the tie is told and none of them
 * wins until the organiser settles it.
 */
export function rankPrize(
  prize: { id: string; name: string; count?: number; track?: string | null },
  projects: readonly { slug: string; track?: string | null }[],
  byProject: ReadonlyMap<string, readonly number[]>,
): PrizeResult {
  const track = prize.track ?? null;
  const count = prize.count ?? 1;
  const entrants = projects.filter((p) => track === null || p.track === track).map((p) => p.slug);
  const seen = entrants.filter((slug) => byProject.get(slug)?.length);
  const unseen = entrants.filter((slug) => !byProject.get(slug)?.length);
  const rows = seen.map((slug) => {
    const values = byProject.get(slug)!;
    const score = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1e9) / 1e9 + 0;
    const spread = Math.round((Math.max(...values) - Math.min(...values)) * 1e9) / 1e9;
    return { slug, score, judges: values.length, spread };
  });
  rows.sort((a, b) => b.score - a.score || byCodeUnits(a.slug, b.slug));
  let place = 0;
  const ranking = rows.map((row, i) => {
    if (i === 0 || rows[i - 1]!.score !== row.score) place = i + 1;
    return { ...row, place };
  });
  const result: PrizeResult = { id: prize.id, name: prize.name, count, track, ranking, winners: [], unseen };
  if (ranking.length <= count) return { ...result, winners: ranking.map((r) => r.slug) };
  const cut = ranking[count - 1]!.score;
  if (ranking[count]!.score !== cut)
    return { ...result, winners: ranking.slice(0, count).map((r) => r.slug) };
  const winners = ranking.filter((r) => r.score > cut).map((r) => r.slug);
  const tied = ranking.filter((r) => r.score === cut);
  return {
    ...result,
    winners,
    tie: { place: tied[0]!.place, projects: tied.map((r) => r.slug), left: count - winners.length },
  };
}
