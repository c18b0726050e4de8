import fc from "fast-check";
import { SCORE_FORMAT } from "../../generator/judging/score-file.ts";
import type { ScoreSource, TallyEvent, TallyProject } from "../../generator/judging/tally-event.ts";

/** Scores from 1 to 3 on a scale of 10: room to add a constant to a judge's scores or stretch them. */
export const SCALE = 10;
const CRITERIA = ["Depth", "Demo", "Use"];
const TRACKS = ["a", "b", null] as const;

/** A generated event: criteria with weights, projects in tracks, prizes, and what each judge scored. */
export const scenario = fc.record({
  weights: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 3 }),
  tracks: fc.array(fc.constantFrom(...TRACKS), { minLength: 1, maxLength: 8 }),
  prizes: fc.array(fc.record({ track: fc.constantFrom(...TRACKS), count: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  judges: fc.array(
    fc.array(
      fc.option(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }), { nil: undefined }),
      {
        minLength: 8,
        maxLength: 8,
      },
    ),
    { minLength: 1, maxLength: 5 },
  ),
});
export type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

export function eventOf(s: Scenario): TallyEvent {
  return {
    name: "Generated",
    judges: s.judges.map((_, j) => ({ name: `Judge ${j}` })),
    judgingCriteria: s.weights.map((weight, c) => ({ name: CRITERIA[c]!, weight })),
    prizes: s.prizes.map((p, i) => ({
      id: `prize-${i}`,
      name: `Prize ${i}`,
      count: p.count,
      track: p.track,
    })),
    judging: { scale: SCALE },
  };
}

export function projectsOf(s: Scenario): TallyProject[] {
  return s.tracks.map((track, p) => ({ slug: `project-${p}`, track }));
}

/** Each judge's file; `change` maps one judge's every score (to add a constant, or stretch them). */
export function sourcesOf(
  s: Scenario,
  change?: { judge: number; map: (x: number) => number },
): ScoreSource[] {
  return s.judges.map((seen, j) => {
    const scores: Record<string, Record<string, number>> = {};
    s.tracks.forEach((_, p) => {
      const given = seen[p];
      if (!given) return;
      scores[`project-${p}`] = Object.fromEntries(
        s.weights.map((_, c) => [CRITERIA[c]!, change?.judge === j ? change.map(given[c]!) : given[c]!]),
      );
    });
    const file = { format: SCORE_FORMAT, event: "Generated", judge: `Judge ${j}`, scale: SCALE, scores };
    return { file: `scores/judge-${j}.json`, text: JSON.stringify(file) };
  });
}
