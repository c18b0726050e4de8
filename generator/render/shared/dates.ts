import { DateTime } from "luxon";

// Dates are shown as the organisers wrote them (local time of the event), computed without the
// machine's locale or time zone so every build prints the same text.
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** `2026-12-05` → `Saturday 5 December 2026`. */
export function longDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${DAYS[weekday]} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** `2026-12-05` and `2026-12-06` → `5–6 December 2026`; across months or years, both in full. */
export function dateRange(start: string, end: string): string {
  if (start === end) return longDate(start).replace(/^\w+ /, "");
  const [sy, sm, sd] = start.split("-").map(Number) as [number, number, number];
  const [ey, em, ed] = end.split("-").map(Number) as [number, number, number];
  if (sy === ey && sm === em) return `${sd}–${ed} ${MONTHS[sm - 1]} ${sy}`;
  if (sy === ey) return `${sd} ${MONTHS[sm - 1]} – ${ed} ${MONTHS[em - 1]} ${sy}`;
  return `${sd} ${MONTHS[sm - 1]} ${sy} – ${ed} ${MONTHS[em - 1]} ${ey}`;
}

/** `2026-12-05T09:00:00+01:00` → `09:00`, the wall-clock time as written. */
export function clockTime(dateTime: string): string {
  return dateTime.slice(11, 16);
}

/**
 * A session's end as its row shows it, under its start's day: `17:30` the same day, `Sun 17:30` on a
 * later one (a lab open all weekend read as ending that afternoon).
 */
export function endTime(start: string, end: string): string {
  if (start.slice(0, 10) === end.slice(0, 10)) return clockTime(end);
  // A no-break space: a narrow column breaks after the dash, never between the day and its time.
  return `${longDate(end).slice(0, 3)}\u00a0${clockTime(end)}`;
}

/**
 * An instant as the event's clock shows it: `2026-12-06T13:00:00Z` in Europe/Berlin →
 * `Sun 6 Dec 2026, 14:00 CET`. The zone's English abbreviation where it has one (CET, EST, GMT),
 * else its offset (`UTC+5:30`); the weekday and month from the lists above, not the machine's locale.
 */
export function eventTime(instant: string, zone: string): string {
  return remembered(`t ${instant} ${zone}`, () => eventTimeOnce(instant, zone));
}

/** When `date`'s day starts in `zone`, in UTC: `2026-12-05` in Europe/Berlin → `2026-12-04T23:00:00.000Z`. */
export function dayStartsAt(date: string, zone: string): string {
  return remembered(
    `s ${date} ${zone}`,
    () => DateTime.fromISO(date, { zone }).startOf("day").toUTC().toISO() ?? "",
  );
}

/** When `date`'s day ends in `zone`, in UTC: `2026-12-06` in Europe/Berlin → `2026-12-06T22:59:59.999Z`. */
export function dayEndsAt(date: string, zone: string): string {
  return remembered(
    `e ${date} ${zone}`,
    () => DateTime.fromISO(date, { zone }).endOf("day").toUTC().toISO() ?? "",
  );
}

/**
 * Both answers depend only on their arguments, and every page of a build asks the same few: each
 * costs a quarter of a millisecond in luxon's time zone names, 10 ms of a 1,000-project dev save.
 */
const answers = new Map<string, string>();
function remembered(key: string, make: () => string): string {
  let answer = answers.get(key);
  if (answer === undefined) {
    if (answers.size >= 1000) answers.clear();
    answers.set(key, (answer = make()));
  }
  return answer;
}

function eventTimeOnce(instant: string, zone: string): string {
  const t = DateTime.fromISO(instant, { setZone: true }).setZone(zone);
  const day = `${DAYS[t.weekday % 7]!.slice(0, 3)} ${t.day} ${MONTHS[t.month - 1]!.slice(0, 3)} ${t.year}`;
  return `${day}, ${t.toFormat("HH:mm")} ${zoneName(t)}`;
}

function zoneName(t: DateTime): string {
  // en-GB names Europe's zones (CET, BST), en-US America's (EST); both call the rest GMT+9.
  for (const locale of ["en-GB", "en-US"]) {
    const name = t.setLocale(locale).offsetNameShort;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  const minutes = Math.abs(t.offset);
  const hours = `${t.offset < 0 ? "-" : "+"}${Math.floor(minutes / 60)}`;
  return `UTC${hours}${minutes % 60 ? `:${String(minutes % 60).padStart(2, "0")}` : ""}`;
}
