import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical from "ical-generator";
import { DateTime } from "luxon";
import { siteUrl } from "../../derive/base-url.ts";
import type { DocumentKind } from "../shared/document.ts";
import { venueLine } from "../shared/venue.ts";

export const CALENDAR_PATH = "event.ics";

/**
 * The schedule and the deadlines as an iCalendar file (RFC 5545), written by ical-generator: times in the event's
 * time zone with its VTIMEZONE (luxon gives each time its zone; a plain Date would be read in the
 * build machine's). A session's UID is its day and title, so a re-import after a time changes
 * updates it rather than adding a second one.
 */
export const eventCalendar: DocumentKind = {
  name: "calendar",
  path: CALENDAR_PATH,
  mediaType: "text/calendar; charset=utf-8",
  description: "The event's schedule and deadlines as an iCalendar file, to subscribe to or import.",
  render(model) {
    const e = model.event;
    const calendar = ical({
      name: e.name,
      description: e.tagline,
      prodId: { company: "hackathon-registry", product: "schedule", language: "EN" },
      url: siteUrl(model.baseUrl, CALENDAR_PATH),
      // No calendar-wide zone (ical-generator would then write DTSTAMP without its Z); each
      // session names the event's, and the generator adds that zone's VTIMEZONE.
      timezone: { name: null, generator: getVtimezoneComponent },
    });
    const host = new URL(model.baseUrl).hostname;
    // The calendar names no METHOD, so DTSTAMP is when the event's information was last revised
    // (RFC 5545 3.8.7.2, as LAST-MODIFIED): its record's date, so a team's or project's change,
    // which the calendar does not show, leaves the file as it was.
    const stamp = DateTime.fromISO(model.updatedAt.event ?? model.generatedAt, { zone: "utc" });
    const seen = new Map<string, number>();
    for (const session of e.schedule) {
      const start = DateTime.fromISO(session.start, { setZone: true });
      const base = `${start.setZone(e.timezone).toISODate()}-${words(session.title)}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      calendar.createEvent({
        id: `${base}${n > 1 ? `-${n}` : ""}@${host}`,
        start,
        end: DateTime.fromISO(session.end, { setZone: true }),
        timezone: e.timezone,
        summary: session.title,
        location: venueLine(e.venue),
        url: model.baseUrl,
        stamp,
      });
    }
    // A deadline is a moment: no DTEND (RFC 5545 3.6.1). A team's extension is not the event's.
    for (const [name, summary, description] of DEADLINES) {
      const at = e.deadlines[name];
      if (!at) continue;
      calendar.createEvent({
        id: `deadline-${name}@${host}`,
        start: DateTime.fromISO(at, { setZone: true }),
        timezone: e.timezone,
        summary,
        description,
        url: model.baseUrl,
        stamp,
      });
    }
    return [{ path: CALENDAR_PATH, body: calendar.toString() }];
  },
};

const DEADLINES = [
  ["registration", "Registration closes", "After it, a new team needs an organiser's approval."],
  [
    "submission",
    "Submissions close",
    "After it, adding or changing a project, or a team's members, needs an organiser's approval.",
  ],
] as const;

/** `Demos and judging` → `demos-and-judging`: the title's letters and digits, for a UID. */
function words(title: string): string {
  return (
    title
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "session"
  );
}
