import { DateTime } from "luxon";
import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { eventTimes, isoOf } from "../event-times.ts";
import { fieldName } from "../locate.ts";
import { offsetInstant } from "../offset-time.ts";
import { at, field, type RecordRule } from "../rule.ts";
import { knownTimeZone } from "./event-timezone.ts";

/**
 * A time whose offset is not the one the event's time zone has at that moment (`+05:00` in
 * Europe/Paris) is most often a slip: it names another hour than the organiser meant. A warning
 * gives both readings as lines to write. A time in UTC (`Z`) is taken as meant.
 */
export const eventTimeOffset: RecordRule = {
  name: "event-time-offset",
  description:
    "Each time in records/event.yaml carries the UTC offset its event's time zone has on that date (or Z).",
  checkRecord(record) {
    if (record.kind !== "event") return [];
    const zone = field(record, "timezone");
    if (typeof zone !== "string" || !knownTimeZone(zone)) return [];
    const found: Diagnostic[] = [];
    for (const { segments, value } of eventTimes(record.data)) {
      if (typeof value !== "string" || offsetInstant(value) === undefined || /z$/i.test(value)) continue;
      const written = DateTime.fromISO(value, { setZone: true });
      const there = written.setZone(zone);
      if (!written.isValid || written.offset === there.offset) continue;
      // The hour as written, in the event's zone: what an organiser who typed the offset wrong meant.
      const meant = DateTime.fromObject(written.toObject(), { zone });
      const [name, key, hour] = [fieldName(segments), segments.at(-1)!, written.toFormat("HH:mm")];
      const offset = there.toFormat("ZZ");
      found.push(
        at(record, segments, {
          severity: "warning",
          rule: "event-time-offset",
          message: `${name} is ${hour} at ${written.toFormat("ZZ")}, but ${zone} is at ${offset} then: that is ${there.toFormat("HH:mm")} there (found ${JSON.stringify(value)})`,
          expected: `the offset ${zone} has on ${there.toISODate()}, ${offset}`,
          found: JSON.stringify(value),
          fix: `If you meant ${hour} in ${zone}, write the line as ${key}: "${isoOf(meant)}"; if you meant ${there.toFormat("HH:mm")} there, as ${key}: "${isoOf(there)}".`,
        }),
      );
    }
    return found;
  },
};
