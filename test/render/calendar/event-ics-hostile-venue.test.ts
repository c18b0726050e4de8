import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { eventCalendar } from "../../../generator/render/calendar/event-ics.ts";
import { renderSite } from "../../../generator/render/render-site.ts";
import { exampleModel } from "../../helpers/example-model.ts";

// The venue line (render/shared/venue.ts, 9106ae5) is record text in event.ics's LOCATION: what a
// calendar reads back is what the organiser wrote, whatever its characters (R9 review).
let model: Model;
beforeAll(async () => {
  model = await exampleModel("https://sprint.example.org/");
});

const locations = (venue: Model["event"]["venue"]) => {
  const m = { ...model, event: { ...model.event, venue } };
  const body = renderSite(m, [eventCalendar])[0]!.body;
  // Folded at 75 octets, lines end CRLF; no bare CR or LF an attacker's text could add.
  expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  // RFC 5545 3.1: a content line is folded at 75 octets.
  const long = body.split("\r\n").filter((l) => Buffer.byteLength(l) > 75);
  expect(long).toEqual([]);
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar
    .getAllSubcomponents("vevent")
    .flatMap((v) => v.getAllProperties("location").map((p) => String(p.getFirstValue())));
};

describe("event.ics's LOCATION with hostile venue text", () => {
  it.each([
    ['Hall; 7, \\ "A"', "12 Main St, 1000 Brussels", 'Hall; 7, \\ "A", 12 Main St, 1000 Brussels'],
    [
      "Hall 7\r\nEND:VEVENT\r\nBEGIN:VEVENT",
      "TBA",
      "Hall 7\r\nEND:VEVENT\r\nBEGIN:VEVENT, address to be announced",
    ],
    ["tba", "tbd", "Venue to be announced"],
    ["Σ".repeat(60) + "\u2028\ud800", "", "Σ".repeat(60) + "\u2028\ud800"],
  ])("%j, %j", (name, address, line) => {
    const found = locations({ ...model.event.venue, name, address });
    expect(found.length).toBeGreaterThan(0);
    for (const location of found)
      expect(location.replace(/\r\n|\r/g, "\n")).toBe(line.replace(/\r\n|\r/g, "\n"));
  });
});
