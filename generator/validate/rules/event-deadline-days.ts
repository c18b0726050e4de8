import { DateTime } from "luxon";
import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { fieldName } from "../locate.ts";
import { deadlinesOf, offsetInstant } from "../offset-time.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * A deadline on a day the event does not run is most often a slip (a wrong month, a day's offset),
 * so it is pointed out; one meant to fall before the event (registration a week ahead) may stay.
 * The event's days are its dates in its own time zone.
 */
export const eventDeadlineDays: Rule = {
  name: "event-deadline-days",
  description:
    "Each deadline in records/event.yaml falls between the event's startDate and endDate, in its timezone.",
  check({ event }) {
    if (!event) return [];
    const [start, end, zone] = ["startDate", "endDate", "timezone"].map((key) => field(event, key));
    if (typeof start !== "string" || typeof end !== "string" || typeof zone !== "string") return [];
    const deadlines = deadlinesOf(event.data);
    const times: Array<[string[], unknown]> = [
      [["deadlines", "registration"], deadlines.registration],
      [["deadlines", "submission"], deadlines.submission],
      ...list(deadlines.extensions).map((extension, i): [string[], unknown] => [
        ["deadlines", "extensions", String(i), "submission"],
        (extension as { submission?: unknown } | null)?.submission,
      ]),
    ];
    const found: Diagnostic[] = [];
    for (const [segments, value] of times) {
      const ms = offsetInstant(value);
      if (ms === undefined) continue;
      const local = DateTime.fromMillis(ms, { zone });
      // An unknown zone is the event-timezone rule's to report.
      if (!local.isValid) return [];
      const day = local.toISODate()!;
      if (day >= start && day <= end) continue;
      const name = fieldName(segments);
      const days = `${start} to ${end} in ${zone}`;
      found.push(
        at(event, segments, {
          severity: "warning",
          rule: "event-deadline-days",
          message: `${name} should fall on the event's days, ${days} (found ${JSON.stringify(value)}, on ${day})`,
          expected: `a time on the event's days, ${days}`,
          found: `${JSON.stringify(value)}, on ${day}`,
          fix: "Correct the date if it is a slip; a deadline meant to fall outside the event may stay as it is.",
        }),
      );
    }
    return found;
  },
};
