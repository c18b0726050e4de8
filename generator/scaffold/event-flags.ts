import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { oneLine } from "../diagnostics/format-line.ts";
import { locateIn, placesOfText, type Places } from "../load/places.ts";
import { parseRecord } from "../load/parse-record.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { fieldName } from "../validate/locate.ts";

interface FieldFlag {
  flag: string;
  /** The flag that fills the field when `flag` is not given (the tagline is made from the name). */
  otherwise?: string;
  /** What to give, when the field is made from the flag's value rather than a copy of it. */
  fix?: string;
  /** The flag may be given more than once, one list item each. */
  repeats?: true;
  /** Made from other fields, so wrong only when one of them is: told only when nothing else is. */
  follows?: true;
}

const DEADLINE_FIX =
  'give a local time such as "2027-03-07 14:00", read in --timezone (one the clocks skip does not exist there), or a time with its offset such as 2027-03-07T14:00:00+01:00';

/**
 * The flag of `npm run init` that fills each field of the event it writes, by field path without
 * list indexes. A field not listed is validated all the same; its problem is then told by its
 * place in records/event.yaml. A new flag adds its field here.
 */
const FIELD_FLAGS: Record<string, FieldFlag> = {
  name: { flag: "--name" },
  hosts: { flag: "--name" },
  tagline: { flag: "--tagline", otherwise: "--name" },
  startDate: { flag: "--start" },
  endDate: { flag: "--end" },
  timezone: { flag: "--timezone" },
  schedule: { flag: "--start, --end or --timezone", follows: true },
  "venue.name": { flag: "--venue" },
  "venue.address": { flag: "--address" },
  tracks: { flag: "--track", repeats: true },
  "tracks.id": {
    flag: "--track",
    repeats: true,
    fix: "give each --track a name of its own once lowercased, with its words joined by hyphens",
  },
  robots: { flag: "--robot", repeats: true },
  organisers: { flag: "--organiser", repeats: true },
  repository: { flag: "--repository" },
  registrationUrl: { flag: "--registration", otherwise: "--repository" },
  "deadlines.registration": { flag: "--registration-deadline", fix: DEADLINE_FIX },
  "deadlines.submission": { flag: "--submission-deadline", fix: DEADLINE_FIX },
};

/**
 * Splits a failed check of the planned event into lines that each name the flag whose value was
 * refused (what was expected, what was found, how to fix it) and the problems no flag caused,
 * which are printed as validate prints them. `given` holds the flags the organiser set.
 */
export function flagProblems(
  diagnostics: readonly Diagnostic[],
  eventText: string,
  given: ReadonlySet<string>,
): { lines: string[]; rest: Diagnostic[] } {
  const { data } = parseRecord(EVENT_FILE, eventText);
  const fields = fieldPlaces(data, placesOfText(eventText));
  // One value can fill several fields (the name is also the host and the tagline's start): once each.
  const lines = new Map<string, string>();
  const following = new Map<string, string>();
  const rest: Diagnostic[] = [];
  for (const d of diagnostics) {
    const segments = d.file === EVENT_FILE ? fields.get(`${d.line}:${d.column}`) : undefined;
    const filled = segments && flagOf(segments, data, given);
    if (!segments || !filled) {
      rest.push(d);
      continue;
    }
    const { label, entry } = filled;
    const expected = d.expected ?? d.message;
    const how = entry.fix ?? (d.expected ? `give ${label.split(" #")[0]} ${d.expected}` : d.fix);
    const line = `${label}: expected ${expected}, found ${d.found ?? "the value given"} (${fieldName(segments)} in ${EVENT_FILE}, rule ${d.rule}). Fix: ${how ?? "correct it"}, then run npm run init again.`;
    const into = entry.follows ? following : lines;
    const key = `${label} ${d.rule} ${expected}`;
    if (!into.has(key)) into.set(key, oneLine(line));
  }
  return { lines: [...(lines.size ? lines : following).values()], rest };
}

/** The flag that filled a field: labelled `--track #2` when the flag was given more than once. */
function flagOf(
  segments: readonly string[],
  data: unknown,
  given: ReadonlySet<string>,
): { label: string; entry: FieldFlag } | undefined {
  const names = segments.filter((s) => !/^\d+$/.test(s));
  for (let n = names.length; n > 0; n--) {
    const entry = FIELD_FLAGS[names.slice(0, n).join(".")];
    if (!entry) continue;
    const flag = entry.otherwise && !given.has(entry.flag) ? entry.otherwise : entry.flag;
    const list = (data as Record<string, unknown>)[segments[0]!];
    const many = entry.repeats && Array.isArray(list) && list.length > 1;
    return { label: many ? `${flag} #${Number(segments[1]) + 1}` : flag, entry };
  }
  return undefined;
}

/** Each field's path by the line and column of its value and of its key, deepest last. */
function fieldPlaces(data: unknown, places: Places | undefined): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (value: unknown, segments: string[]): void => {
    for (const at of ["key", "value"] as const) {
      if (!segments.length && at === "key") continue;
      const { line, column } = locateIn(places, data, segments, at);
      found.set(`${line}:${column}`, segments);
    }
    if (value && typeof value === "object")
      for (const [key, child] of Object.entries(value)) walk(child, [...segments, key]);
  };
  walk(data, []);
  return found;
}
