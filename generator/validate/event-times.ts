import { DateTime } from "luxon";
import { deadlinesOf } from "./offset-time.ts";
import { list } from "./rule.ts";

/** A time an event file holds, by its place: a deadline, an extension's, a session's start or end. */
export interface EventTime {
  segments: string[];
  value: unknown;
}

/** Every time in an event record that the schema asks to carry its UTC offset. */
export function eventTimes(data: unknown): EventTime[] {
  const deadlines = deadlinesOf(data);
  const schedule = data && typeof data === "object" ? (data as { schedule?: unknown }).schedule : undefined;
  const item = (entry: unknown, key: string) => (entry as Record<string, unknown> | null)?.[key];
  return [
    { segments: ["deadlines", "registration"], value: deadlines.registration },
    { segments: ["deadlines", "submission"], value: deadlines.submission },
    ...list(deadlines.extensions).map((extension, i) => ({
      segments: ["deadlines", "extensions", String(i), "submission"],
      value: item(extension, "submission"),
    })),
    ...list(schedule).flatMap((session, i) =>
      ["start", "end"].map((key) => ({ segments: ["schedule", String(i), key], value: item(session, key) })),
    ),
  ];
}

/**
 * How a person wrote a time, read as `npm run init` reads it: with its offset in any usual spelling
 * (`2027-03-07 14:00+01:00`), or without (`2027-03-07 14:00`, then in the event's `zone`).
 * - `time`: the instant, spelled as the schema asks (`2027-03-07T14:00:00+01:00`);
 * - `skipped`: a local time the clocks skip there (02:30 as they spring forward), with the next
 *   one that exists;
 * - `date`: a day with no time;
 * - undefined: no time at all, or a local one with no known zone to read it in.
 */
export type WrittenTime =
  | { kind: "time"; iso: string; local?: string }
  | { kind: "skipped"; local: string; next: string }
  | { kind: "date"; date: string };

const WRITTEN =
  /^(\d{4}-\d{2}-\d{2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export function readWrittenTime(value: string, zone: string | undefined): WrittenTime | undefined {
  const match = WRITTEN.exec(value.trim());
  if (!match) return undefined;
  const [, date, hour, minute, second = "00", offset] = match as unknown as [string, string, ...string[]];
  if (hour === undefined) return { kind: "date", date };
  const local = `${date}T${hour.padStart(2, "0")}:${minute}:${second}`;
  if (offset) {
    const spelled = /^z$/i.test(offset)
      ? "Z"
      : `${offset.slice(0, 3)}:${offset.length === 3 ? "00" : offset.slice(-2)}`;
    const time = DateTime.fromISO(`${local}${spelled}`, { setZone: true });
    return time.isValid ? { kind: "time", iso: isoOf(time) } : undefined;
  }
  if (zone === undefined) return undefined;
  const time = DateTime.fromISO(local, { zone });
  if (!time.isValid) return undefined;
  const shown = `${date} ${local.slice(11, 16)}`;
  // Luxon moves a time the clocks skip an hour on: told instead, since the organiser did not write it.
  if (time.toFormat("yyyy-MM-dd'T'HH:mm:ss") !== local)
    return { kind: "skipped", local: shown, next: isoOf(time) };
  return { kind: "time", iso: isoOf(time), local: shown };
}

/** `2027-03-07T14:00:00+01:00`: seconds always, milliseconds only when there are some. */
export function isoOf(time: DateTime): string {
  return time.toISO({ suppressMilliseconds: true })!;
}
