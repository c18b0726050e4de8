import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { closest } from "../words.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { fieldName } from "../locate.ts";

/** A value that is no slug is the schema's to report, once. */
const SLUG = new RegExp(recordSchemas.common.$defs.slug.pattern);

/** The event's prize ids, in order. */
export function prizeIds(event: RecordFile): string[] {
  return list(field(event, "prizes"))
    .map((prize) => (prize as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === "string");
}

/**
 * The error for a value at `segments` that should name one of `ids` and does not (an award's prize,
 * a judge's prizes), with the nearest id; `instead` is what to write when none is near.
 */
export function unknownPrize(
  event: RecordFile,
  segments: string[],
  rule: string,
  prize: unknown,
  ids: readonly string[],
  instead: { some: string; none: string },
): Diagnostic | undefined {
  if (typeof prize !== "string" || !SLUG.test(prize) || ids.includes(prize)) return undefined;
  const place = fieldName(segments);
  const near = closest(prize, ids);
  return at(event, segments, {
    severity: "error",
    rule,
    message: `${place} must be the id of a prize in prizes (found ${JSON.stringify(prize)}, which is not one)`,
    expected: "the id of a prize in prizes",
    found: `${JSON.stringify(prize)}, which is not one`,
    fix: near
      ? `Did you mean ${near}? Name the prize by its id.`
      : ids.length
        ? `Use one of ${ids.join(", ")}, ${instead.some}`
        : instead.none,
  });
}

/** An award names a prize that exists, so the winners never show a prize the event does not list. */
export const eventAwardPrize: Rule = {
  name: "event-award-prize",
  description: "Each award's prize in records/event.yaml is the id of one of the event's prizes, or null.",
  check({ event }) {
    if (!event) return [];
    const ids = prizeIds(event);
    return list(field(event, "awards")).flatMap((award, a) => {
      const prize = (award as { prize?: unknown } | null)?.prize;
      return (
        unknownPrize(event, ["awards", String(a), "prize"], "event-award-prize", prize, ids, {
          some: "or null.",
          none: "List the prize under prizes with this id, or set prize to null.",
        }) ?? []
      );
    });
  },
};
