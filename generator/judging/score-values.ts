import { describeFound, type Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Position } from "../load/places.ts";
import { closest } from "../validate/words.ts";
import { scaleOf, type TallyEvent, type TallyProject } from "./tally-event.ts";

/** One project's scores from one judge, by criterion name. */
export type ProjectSheet = Map<string, number>;

/** What to do when a score names a project the local records do not have. */
const UPDATE_COPY =
  "If it is a project merged after this copy of the records was last updated (a late one), update the copy (git pull) and tally again";

/** Where a value (or, with "key", its key) is in a score file. */
export type Where = (segments: readonly string[], at?: "value" | "key") => Position;

/** What every file is checked against, worked out once for all of them. */
export interface ScoreContext {
  slugs: readonly string[];
  known: ReadonlySet<string>;
  criteria: readonly string[];
  scale: number;
}

export function scoreContext(event: TallyEvent, projects: readonly TallyProject[]): ScoreContext {
  const slugs = projects.map((p) => p.slug);
  return {
    slugs,
    known: new Set(slugs),
    criteria: event.judgingCriteria.map((c) => c.name),
    scale: scaleOf(event),
  };
}

/**
 * A file's `scores`: projects that exist, criteria that exist, whole numbers on the event's scale.
 * A project scored on some criteria but not all is left out of the tally with a warning (the judge
 * did not finish it); one with errors is left out too, and the errors stop the tally.
 */
export function checkScores(
  file: string,
  scores: unknown,
  { slugs, known, criteria, scale }: ScoreContext,
  where: Where,
  diagnostics: Diagnostic[],
): Map<string, ProjectSheet> {
  const sheet = new Map<string, ProjectSheet>();
  if (!scores || typeof scores !== "object" || Array.isArray(scores)) return sheet;
  const add = (
    segments: string[],
    d: Omit<Diagnostic, "file" | "line" | "column" | "severity">,
    severity: Diagnostic["severity"] = "error",
    at: "value" | "key" = "value",
  ) => diagnostics.push({ file, ...where(segments, at), severity, ...d });
  for (const [slug, entry] of Object.entries(scores)) {
    if (!known.has(slug)) {
      const near = slug.length <= 200 ? closest(slug, slugs) : undefined;
      add(
        ["scores", slug],
        {
          rule: "score-project",
          message: `scores must name projects in records/projects/ (found ${describeFound(slug)}, which is not one)`,
          expected: "the slug of a project in records/projects/",
          found: describeFound(slug),
          // The judges' pages are built from the published records, which may hold a project
          // (an approved late one) merged after the organiser's copy was last updated.
          fix: near
            ? `Did you mean ${near}? A project's slug is its file name without .yaml. ${UPDATE_COPY}.`
            : `${UPDATE_COPY}; otherwise remove it, or restore the project's record.`,
        },
        "error",
        "key",
      );
      continue;
    }
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) continue;
    const given = new Map<string, number>();
    let bad = false;
    for (const [criterion, value] of Object.entries(entry)) {
      if (criterion === "note") continue;
      if (!criteria.includes(criterion)) {
        const near = criterion.length <= 200 ? closest(criterion, criteria) : undefined;
        add(
          ["scores", slug, criterion],
          {
            rule: "score-criterion",
            message: `scores.${slug} must score the event's judging criteria (found ${describeFound(criterion)}, which is not one)`,
            expected: criteria.join(", "),
            found: describeFound(criterion),
            fix: near
              ? `Did you mean ${near}? Write the criterion as records/event.yaml names it.`
              : "Remove it, or add the criterion to judgingCriteria in records/event.yaml.",
          },
          "error",
          "key",
        );
        bad = true;
      } else if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > scale) {
        add(["scores", slug, criterion], {
          rule: "score-value",
          message: `scores.${slug}.${criterion} must be a whole number from 1 to ${scale}, the event's scale (found ${foundScore(value)})`,
          expected: `a whole number from 1 to ${scale}`,
          found: foundScore(value),
          fix: `Ask the judge to score ${slug} again on the judging page, whose scale is 1 to ${scale}.`,
        });
        bad = true;
      } else given.set(criterion, value);
    }
    const missing = criteria.filter((c) => !given.has(c));
    if (bad || given.size === 0) continue;
    if (missing.length)
      add(
        ["scores", slug],
        {
          rule: "score-incomplete",
          message: `scores.${slug} leaves out ${missing.join(", ")}: the project is counted as not seen by this judge`,
          expected: `a score for each of ${criteria.join(", ")}`,
          found: `none for ${missing.join(", ")}`,
          fix: "Ask the judge to finish scoring it on the judging page and send the file again.",
        },
        "warning",
      );
    else sheet.set(slug, given);
  }
  return sheet;
}

/** A score as found: JSON.parse reads 1e400 as Infinity, which JSON would print as null. */
const foundScore = (value: unknown): string =>
  typeof value === "number" && !Number.isFinite(value) ? "a number too large to read" : describeFound(value);
