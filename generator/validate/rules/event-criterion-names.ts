import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { at, field, list, type Rule } from "../rule.ts";

/** What a score file's project entry already holds beside the criteria (score-file.ts). */
const RESERVED = "note";

/**
 * A judge's score file holds each project's scores by criterion name, beside the judge's `note`:
 * two criteria of one name would be one score, and a criterion called `note` could not be scored.
 */
export const eventCriterionNames: Rule = {
  name: "event-criterion-names",
  description: "Each judging criterion's name appears once in records/event.yaml, and none is called note.",
  check({ event }) {
    if (!event) return [];
    const seen = new Set<string>();
    const found: Diagnostic[] = [];
    list(field(event, "judgingCriteria")).forEach((criterion, c) => {
      const name = (criterion as { name?: unknown } | null)?.name;
      if (typeof name !== "string") return;
      const place = ["judgingCriteria", String(c), "name"];
      if (name === RESERVED)
        found.push(
          at(event, place, {
            severity: "error",
            rule: "event-criterion-names",
            message: `judgingCriteria[${c}].name must not be "${RESERVED}": a score file keeps the judge's private note under it`,
            expected: `a name other than "${RESERVED}"`,
            found: JSON.stringify(name),
            fix: "Name the criterion for what the judges score, such as Notes on the demo.",
          }),
        );
      else if (seen.has(name))
        found.push(
          at(event, place, {
            severity: "error",
            rule: "event-criterion-names",
            message: `judgingCriteria[${c}].name must be unique (found ${JSON.stringify(name)} again)`,
            expected: "a name no other criterion has",
            found: `${JSON.stringify(name)} again`,
            fix: "Give each criterion a name of its own: judges score each by its name.",
          }),
        );
      seen.add(name);
    });
    return found;
  },
};
