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
