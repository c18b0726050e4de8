import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest } from "../words.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { at, field, list, type Rule } from "../rule.ts";

/** A value that is no slug is the schema's to report, once. */
const SLUG = new RegExp(recordSchemas.common.$defs.slug.pattern);
/** An award names a prize that exists, so the winners never show a prize the event does not list. */
export const eventAwardPrize: Rule = {
  name: "event-award-prize",
  description: "Each award's prize in records/event.yaml is the id of one of the event's prizes, or null.",
  check({ event }) {
    if (!event) return [];
    const ids = list(field(event, "prizes"))
      .map((prize) => (prize as { id?: unknown } | null)?.id)
      .filter((id): id is string => typeof id === "string");
    const known = new Set(ids);
    const found: Diagnostic[] = [];
    list(field(event, "awards")).forEach((award, a) => {
      const prize = (award as { prize?: unknown } | null)?.prize;
      if (typeof prize !== "string" || !SLUG.test(prize) || known.has(prize)) return;
      const near = closest(prize, ids);
      found.push(
        at(event, ["awards", String(a), "prize"], {
          severity: "error",
          rule: "event-award-prize",
          message: `awards[${a}].prize must be the id of a prize in prizes (found ${JSON.stringify(prize)}, which is not one)`,
          expected: "the id of a prize in prizes",
          found: `${JSON.stringify(prize)}, which is not one`,
          fix: near
            ? `Did you mean ${near}? Name the prize by its id.`
            : ids.length
              ? `Use one of ${ids.join(", ")}, or null.`
              : "List the prize under prizes with this id, or set prize to null.",
        }),
      );
    });
    return found;
  },
};
