import { SCORE_FORMAT, type ScoreFile } from "../../generator/judging/score-file.ts";

/** The sample event's criteria, as test/fixtures/example/records/event.yaml names them. */
export const EXAMPLE_CRITERIA = ["Technical depth", "Works on the day", "Usefulness", "Openness"];

/**
 * A judge's file for the sample event ranking `order` best first: each criterion steps down with
 * the rank (one of them half a step later), so every project scores strictly below the one before
 * it down to the eighth. `offset` lowers every score, as a harsher judge would.
 */
export function rankedFile(judge: string, order: readonly string[], offset = 0): ScoreFile {
  const scores: ScoreFile["scores"] = {};
  order.forEach((slug, r) => {
    const high = Math.max(1, 5 - Math.floor(r / 2) - offset);
    const next = Math.max(1, 5 - Math.floor((r + 1) / 2) - offset);
    scores[slug] = {
      "Technical depth": high,
      "Works on the day": next,
      Usefulness: high,
      Openness: high,
      note: `private words about ${slug}`,
    };
  });
  return {
    format: SCORE_FORMAT,
    event: "Physical AI Sprint 2026",
    judge,
    scale: 5,
    scores,
    savedAt: "2026-12-06T16:40:00+01:00",
  };
}

/** The sample event's projects, best first as the test judges see them. */
export const EXAMPLE_ORDER = [
  "soft-grasp",
  "lane-keeper",
  "cable-tidy",
  "touch-skin",
  "stair-climber",
  "domain-randomiser",
  "shelf-scout",
  "teleop-dataset",
  "swarm-lights",
  "warehouse-twin",
];

/** The sample event's winners as the test judges' files rank them: award, then the project's title. */
export const EXAMPLE_WINNERS: ReadonlyArray<readonly [string, string]> = [
  ["Best overall project", "Soft Grasp"],
  ["Best in simulation", "Cable Tidy"],
  ["Best on real hardware", "Lane Keeper"],
  ["Best on real hardware", "Touch Skin"],
];

/** The home page's section of one award under "Winners", as HTML. */
export function winnerSection(home: string, award: string): string {
  const winners = home.slice(home.indexOf('<h2 id="winners">'));
  const section = winners.slice(winners.indexOf(`aria-label="${award}"`));
  return section.slice(0, section.indexOf("</section>"));
}

/** A score file of the tests' small event "Sprint" (scale 5) as the tally reads it: `<judge>.json`. */
export const sprintSource = (judge: string, scores: ScoreFile["scores"]) => ({
  file: `${judge}.json`,
  text: JSON.stringify({ format: SCORE_FORMAT, event: "Sprint", judge, scale: 5, scores }),
});
