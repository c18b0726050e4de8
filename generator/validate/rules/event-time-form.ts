import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { eventTimes, readWrittenTime } from "../event-times.ts";
import { fieldName } from "../locate.ts";
import { offsetInstant } from "../offset-time.ts";
import { at, field, type RecordRule } from "../rule.ts";
import { knownTimeZone } from "./event-timezone.ts";

/**
 * A time in the event file written as `npm run init` takes it (`2027-03-06 12:00`, read in the
 * event's time zone, or `2027-03-06T12:00+01:00`) but not as the schema asks: the error writes the
 * exact line to use, worked out in the event's zone, in place of the schema's general one.
 */
export const eventTimeForm: RecordRule = {
  name: "event-time-form",
  description:
    "A time in records/event.yaml written without its UTC offset, or spelled otherwise, is told with the exact line to write, in the event's time zone.",
  restatesSchema: true,
  checkRecord(record) {
    if (record.kind !== "event") return [];
    const zone = field(record, "timezone");
    const known = typeof zone === "string" && knownTimeZone(zone) ? zone : undefined;
    const found: Diagnostic[] = [];
    for (const { segments, value } of eventTimes(record.data)) {
      if (typeof value !== "string" || offsetInstant(value) !== undefined) continue;
      const told = tell(segments, value, known);
      if (told) found.push(at(record, segments, { severity: "error", rule: "event-time-form", ...told }));
    }
    return found;
  },
};

type Told = Pick<Diagnostic, "message" | "expected" | "found" | "fix">;

function tell(segments: string[], value: string, zone: string | undefined): Told | undefined {
  const written = readWrittenTime(value, zone);
  if (!written) return undefined;
  const name = fieldName(segments);
  const key = segments.at(-1)!;
  const found = JSON.stringify(value);
  const line = (iso: string) => `${key}: "${iso}"`;
  if (written.kind === "time") {
    const where = written.local ? `${written.local.slice(11)} in ${zone}` : "the same time";
    const what = written.local ? `${found}, a time without its offset` : found;
    return {
      message: `${name} must be a date-time with its UTC offset, ${JSON.stringify(written.iso)} for ${where} (found ${what})`,
      expected: `a date-time with its UTC offset, such as ${JSON.stringify(written.iso)}`,
      found: what,
      fix: `Write the line as ${line(written.iso)} (${where}${written.local ? `, whose offset on ${written.local.slice(0, 10)} is ${written.iso.slice(19)}` : ""}).`,
    };
  }
  if (written.kind === "skipped")
    return {
      message: `${name} names ${written.local} in ${zone}, a time the clocks skip there (found ${found}, skipped as the clocks go forward)`,
      expected: `a time that exists in ${zone}`,
      found: `${found}, skipped as the clocks go forward`,
      fix: `Choose a time that exists, such as the one after the change: write the line as ${line(written.next)}.`,
    };
  // A day alone most often means "by the end of that day": the line shows it, for the organiser to confirm.
  const end = zone ? readWrittenTime(`${written.date} 23:59`, zone) : undefined;
  if (!end || end.kind !== "time") return undefined;
  return {
    message: `${name} must be a date-time with its UTC offset, not a day alone (found ${found}, a day with no time)`,
    expected: `a date-time with its UTC offset, such as ${JSON.stringify(end.iso)}`,
    found: `${found}, a day with no time`,
    fix: `Write the time too, such as ${line(end.iso)} for 23:59 in ${zone}.`,
  };
}
