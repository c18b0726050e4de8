/**
 * A judge's score file: what the judging page exports and `npm run tally` reads, one per judge.
 * Its one definition, as a JSON Schema checked with ajv; docs/judging.md describes it for people.
 */
export const SCORE_FORMAT = "hackathon-registry scores 1";

/** The largest score file read at all (2 MB), by the tally and the judging page: a judge's is a few KB. */
export const MAX_SCORE_FILE_BYTES = 2_000_000;

/** The longest private note a project's scores may hold. */
export const MAX_NOTE = 5000;

/** The highest score a file may hold at all; the event's `judging.scale` (default 5) is the real limit. */
export const MAX_SCALE = 100;

export const scoreFileSchema = {
  $id: "score-file.schema.json",
  title: "a judge's score file",
  type: "object",
  additionalProperties: false,
  required: ["format", "event", "judge", "scale", "scores"],
  properties: {
    format: { type: "string", const: SCORE_FORMAT, title: `the text "${SCORE_FORMAT}"` },
    event: { type: "string", minLength: 1, title: "the event's name, as records/event.yaml gives it" },
    judge: { type: "string", minLength: 1, title: "the judge's name, as records/event.yaml lists it" },
    scale: {
      type: "integer",
      minimum: 2,
      maximum: MAX_SCALE,
      title: "the highest score, a whole number such as 5",
    },
    scores: {
      type: "object",
      title: "a mapping of project slugs to their scores",
      additionalProperties: {
        type: "object",
        title: "a mapping of criterion names to scores, with an optional note",
        properties: { note: { type: "string", maxLength: MAX_NOTE, title: "a private note, as text" } },
        additionalProperties: {
          type: "integer",
          minimum: 1,
          maximum: MAX_SCALE,
          title: "a whole number from 1 to the event's scale",
        },
      },
    },
    savedAt: {
      type: "string",
      format: "date-time",
      title: "a date-time such as 2026-12-06T15:20:00+01:00",
    },
  },
} as const;

/** One project's scores by criterion name, and the judge's private note. */
export type ProjectScores = { note?: string } & { [criterion: string]: number | string | undefined };

export interface ScoreFile {
  format: typeof SCORE_FORMAT;
  /** The event's name, so a file for another event is refused. */
  event: string;
  /** The judge's name as the event lists it. */
  judge: string;
  /** The highest score the judge could give: the event's `judging.scale`. */
  scale: number;
  /** By project slug. */
  scores: Record<string, ProjectScores>;
  savedAt?: string;
}
