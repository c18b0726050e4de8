import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { eventCalendar } from "../../../generator/render/calendar/event-ics.ts";
import { renderSite } from "../../../generator/render/render-site.ts";
import { exampleModel } from "../../helpers/example-model.ts";

const BASE = "https://sprint.example.org/";
let model: Model;

beforeAll(async () => {
  model = await exampleModel(BASE);
});

/** Parsed with ical.js (Mozilla's), not the library that wrote it. */
function parse(m: Model) {
  const body = renderSite(m, [eventCalendar])[0]!.body;
  const calendar = new ICAL.Component(ICAL.parse(body));
  const zone = calendar.getFirstSubcomponent("vtimezone")!;
  ICAL.TimezoneService.register(zone);
  const sessions = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { body, calendar, zone, sessions };
}

describe("the schedule as iCalendar", () => {
  it("round-trips every session: its title, and its start and end instants in the event's time zone", () => {
    const { zone } = parse(model);
    const sessions = parse(model).sessions.filter((s) => !s.uid.startsWith("deadline-"));
    expect(zone.getFirstPropertyValue("tzid")).toBe(model.event.timezone);
    expect(
      sessions.map((s) => [
        s.summary,
        s.startDate.zone?.tzid,
        s.startDate.toJSDate().toISOString(),
        s.endDate.toJSDate().toISOString(),
      ]),
    ).toEqual(
      model.event.schedule.map((s) => [
        s.title,
        model.event.timezone,
        new Date(s.start).toISOString(),
        new Date(s.end).toISOString(),
      ]),
    );
    expect(
      sessions.every((s) => s.location === `${model.event.venue.name}, ${model.event.venue.address}`),
    ).toBe(true);
  });

  it("has an event per deadline, at its instant in the event's time zone, with no end (a moment, RFC 5545 3.6.1)", () => {
    const { sessions } = parse(model);
    const deadlines = sessions.filter((s) => s.uid.startsWith("deadline-"));
    expect(
      deadlines.map((d) => [
        d.uid,
        d.summary,
        d.startDate.zone?.tzid,
        d.startDate.toJSDate().toISOString(),
        d.component.hasProperty("dtend"),
        d.description,
      ]),
    ).toEqual([
      [
        "deadline-registration@sprint.example.org",
        "Registration closes",
        "Europe/Berlin",
        "2026-12-05T11:00:00.000Z",
        false,
        "After it, a new team needs an organiser's approval.",
      ],
      [
        "deadline-submission@sprint.example.org",
        "Submissions close",
        "Europe/Berlin",
        "2026-12-06T13:00:00.000Z",
        false,
        "After it, adding or changing a project, or a team's members, needs an organiser's approval.",
      ],
    ]);
    // One team's extension is not the event's deadline.
    expect(sessions.some((s) => /gripper|15:00/i.test(`${s.summary} ${s.description}`))).toBe(false);
  });

  it("has no deadline event when the record sets none", () => {
    const none = {
      ...model,
      event: { ...model.event, deadlines: { registration: null, submission: null, extensions: [] } },
    };
    expect(parse(none).sessions.filter((s) => s.uid.startsWith("deadline-"))).toEqual([]);
  });

  it("gives each session a unique UID that a changed time keeps, so a re-import updates it", () => {
    const before = parse(model).sessions.map((s) => s.uid);
    expect(new Set(before).size).toBe(before.length);
    expect(before[0]).toBe(`2026-12-05-doors-open-coffee-team-formation@sprint.example.org`);
    const [first, ...rest] = model.event.schedule;
    const earlier = { ...first!, start: "2026-12-05T08:30:00+01:00", end: "2026-12-05T09:30:00+01:00" };
    const moved: Model = { ...model, event: { ...model.event, schedule: [earlier, ...rest] } };
    expect(parse(moved).sessions.map((s) => s.uid)).toEqual(before);
  });

  it("writes DTSTAMP in UTC and the same bytes for the same model", () => {
    const { body, sessions } = parse(model);
    expect(sessions[0]!.component.getFirstPropertyValue("dtstamp")!.toString()).toBe("2025-12-05T10:00:00Z");
    expect(renderSite(model, [eventCalendar])[0]!.body).toBe(body);
  });

  it("stamps each component with the event record's date, so a team's or project's change leaves the file as it was", () => {
    const dated: Model = { ...model, updatedAt: { ...model.updatedAt, event: "2025-11-01T09:30:00+00:00" } };
    const { body, sessions } = parse(dated);
    for (const s of sessions)
      expect(s.component.getFirstPropertyValue("dtstamp")!.toString()).toBe("2025-11-01T09:30:00Z");
    expect(parse({ ...dated, generatedAt: "2026-01-01T00:00:00+00:00" }).body).toBe(body);
  });

  it("is linked from the home page, api/event.json and the developer page", () => {
    const site = renderSite(model);
    const url = `${BASE}event.ics`;
    expect(site.find((o) => o.path === "index.html")!.body).toContain(
      `<a href="event.ics">Add the schedule to your calendar</a>`,
    );
    expect(JSON.parse(site.find((o) => o.path === "api/event.json")!.body).calendar).toBe(url);
    expect(site.find((o) => o.path === "developers.html")!.body).toContain(
      `<a href="${url}"><code>/event.ics</code></a>`,
    );
  });
});
