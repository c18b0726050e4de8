import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest } from "../words.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { at, field, list, type Rule } from "../rule.ts";

/** A value that is no slug is the schema's to report, once. */
const SLUG = new RegExp(recordSchemas.common.$defs.slug.pattern);
/**
 * A sponsor's judge names prizes that exist: an unknown id would leave the judge with no track to
 * judge (or, worse, every project), so it is an error, as an award's unknown prize is.
 */
export const eventJudgePrizes: Rule = {
  name: "event-judge-prizes",
  description: "Each of a judge's prizes in records/event.yaml is the id of one of the event's prizes.",
  check({ event }) {
    if (!event) return [];
    const ids = list(field(event, "prizes"))
      .map((prize) => (prize as { id?: unknown } | null)?.id)
      .filter((id): id is string => typeof id === "string");
    const known = new Set(ids);
    const found: Diagnostic[] = [];
    list(field(event, "judges")).forEach((judge, j) => {
      list((judge as { prizes?: unknown } | null)?.prizes).forEach((prize, p) => {
        if (typeof prize !== "string" || !SLUG.test(prize) || known.has(prize)) return;
        const near = closest(prize, ids);
        found.push(
          at(event, ["judges", String(j), "prizes", String(p)], {
            severity: "error",
            rule: "event-judge-prizes",
            message: `judges[${j}].prizes[${p}] must be the id of a prize in prizes (found ${JSON.stringify(prize)}, which is not one)`,
            expected: "the id of a prize in prizes",
            found: `${JSON.stringify(prize)}, which is not one`,
            fix: near
              ? `Did you mean ${near}? Name the prize by its id.`
              : ids.length
                ? `Use one of ${ids.join(", ")}, or leave prizes out for a judge who judges every project.`
                : "List the prize under prizes with this id, or leave the judge's prizes out.",
          }),
        );
      });
    });
    return found;
  },
};
