import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tally, type TallyReport } from "../../generator/judging/tally.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";
import { eventOf, projectsOf, scenario, SCALE, sourcesOf, type Scenario } from "./tally-scenario.ts";

/** Two projects one judge scored alike, for one prize: a tie at its cut. */
const TIED: Scenario = {
  weights: [1],
  tracks: [null, null],
  prizes: [{ track: null, count: 1 }],
  judges: [[[2, 2, 2], [2, 2, 2], undefined, undefined, undefined, undefined, undefined, undefined]],
};

const run = (s: Scenario, sources = sourcesOf(s)) => tally(sources, eventOf(s), projectsOf(s));

/** What decides the prizes: each ranking's order and places, the winners and any tie at the cut. */
const outcome = (report: TallyReport) =>
  report.prizes.map((p) => ({
    places: p.ranking.map((r) => [r.slug, r.place]),
    winners: p.winners,
    tie: p.tie,
  }));

/** x ↦ a·x + b with a ≥ 1, keeping scores of 1 to 3 on the scale of 10. */
const affine = fc
  .integer({ min: 1, max: 3 })
  .chain((a) => fc.record({ a: fc.constant(a), b: fc.integer({ min: 1 - a, max: SCALE - 3 * a }) }))
  .filter(({ a, b }) => a !== 1 || b !== 0);

describe("the tally's properties", () => {
  it("ranks alike when one judge's scores all move by a constant or stretch", () => {
    fc.assert(
      fc.property(scenario, affine, fc.nat(), (s, { a, b }, pick) => {
        const judge = pick % s.judges.length;
        const moved = run(s, sourcesOf(s, { judge, map: (x) => a * x + b }));
        expect(moved.diagnostics).toEqual([]);
        expect(outcome(moved)).toEqual(outcome(run(s)));
        expect(moved.disagreeing).toEqual(run(s).disagreeing);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("gives the same report whatever the order of the score files", () => {
    const withOrder = scenario.chain((s) => {
      const indices = s.judges.map((_, i) => i);
      return fc.tuple(fc.constant(s), fc.shuffledSubarray(indices, { minLength: indices.length }));
    });
    fc.assert(
      fc.property(withOrder, ([s, order]) => {
        const sources = sourcesOf(s);
        expect(
          run(
            s,
            order.map((i) => sources[i]!),
          ),
        ).toEqual(run(s, sources));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("lets no unseen project win, takes winners from the prize's track, as many as its count", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const report = run(s);
        const projects = projectsOf(s);
        const seen = (slug: string) => s.judges.some((j) => j[Number(slug.split("-")[1])] !== undefined);
        report.prizes.forEach((prize, i) => {
          const track = s.prizes[i]!.track;
          for (const slug of prize.winners) {
            expect(seen(slug)).toBe(true);
            expect(report.unseen).not.toContain(slug);
            if (track !== null) expect(projects.find((p) => p.slug === slug)!.track).toBe(track);
          }
          const entrants = projects.filter((p) => track === null || p.track === track);
          expect(prize.ranking.length).toBe(entrants.filter((p) => seen(p.slug)).length);
          if (prize.tie) expect(prize.winners.length + prize.tie.left).toBe(prize.count);
          else expect(prize.winners.length).toBe(Math.min(prize.count, prize.ranking.length));
        });
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("reports a tie at the cut and breaks none: every winner scores above every project that does not win", () => {
    let ties = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        for (const prize of run(s).prizes) {
          const score = new Map(prize.ranking.map((r) => [r.slug, r.score]));
          const losers = prize.ranking.filter((r) => !prize.winners.includes(r.slug));
          for (const w of prize.winners)
            for (const l of losers) expect(score.get(w)!).toBeGreaterThan(l.score);
          if (!prize.tie) continue;
          ties++;
          expect(new Set(prize.tie.projects.map((slug) => score.get(slug))).size).toBe(1);
          expect(prize.tie.projects.length).toBeGreaterThan(prize.tie.left);
          expect(prize.winners.length).toBeLessThan(prize.count);
        }
      }),
      { numRuns: PROPERTY_RUNS, examples: [[TIED]] },
    );
    // Generated scores tie often; the example, two projects scored alike, makes sure one did.
    expect(ties).toBeGreaterThan(0);
  });
});
