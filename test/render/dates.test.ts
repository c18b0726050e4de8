import { describe, expect, it } from "vitest";
import { dayEndsAt, endTime, eventTime } from "../../generator/render/shared/dates.ts";

describe("eventTime", () => {
  it("states an instant in the event's time zone, with the zone's abbreviation", () => {
    expect(eventTime("2026-12-05T12:00:00+01:00", "Europe/Berlin")).toBe("Sat 5 Dec 2026, 12:00 CET");
    // The same instant written in UTC reads the same: the event's zone decides, not the record's offset.
    expect(eventTime("2026-12-06T13:00:00Z", "Europe/Berlin")).toBe("Sun 6 Dec 2026, 14:00 CET");
    expect(eventTime("2026-07-01T09:30:00+02:00", "Europe/Berlin")).toBe("Wed 1 Jul 2026, 09:30 CEST");
    expect(eventTime("2026-12-05T12:00:00-05:00", "America/New_York")).toBe("Sat 5 Dec 2026, 12:00 EST");
    expect(eventTime("2026-12-05T12:00:00Z", "Europe/London")).toBe("Sat 5 Dec 2026, 12:00 GMT");
    expect(eventTime("2026-12-05T12:00:00Z", "UTC")).toBe("Sat 5 Dec 2026, 12:00 UTC");
  });

  it("gives the offset where the zone has no abbreviation in English", () => {
    expect(eventTime("2026-12-05T12:00:00Z", "Asia/Kolkata")).toBe("Sat 5 Dec 2026, 17:30 UTC+5:30");
    expect(eventTime("2026-12-05T12:00:00Z", "Asia/Tokyo")).toBe("Sat 5 Dec 2026, 21:00 UTC+9");
    expect(eventTime("2026-12-05T12:00:00Z", "America/Sao_Paulo")).toBe("Sat 5 Dec 2026, 09:00 UTC-3");
  });

  it("moves to the next day when the zone is ahead", () => {
    expect(eventTime("2026-12-05T23:30:00Z", "Europe/Berlin")).toBe("Sun 6 Dec 2026, 00:30 CET");
  });
});

describe("endTime", () => {
  it("gives a session's end as its clock time on its start's day, with the weekday on a later one", () => {
    expect(endTime("2026-12-04T13:00:00+01:00", "2026-12-04T14:30:00+01:00")).toBe("14:30");
    // A lab open all weekend, under Friday: not "09:00–17:30" as if it closed that afternoon.
    expect(endTime("2026-12-04T09:00:00+01:00", "2026-12-06T17:30:00+01:00")).toBe("Sun\u00a017:30");
    expect(endTime("2026-12-05T22:00:00+01:00", "2026-12-06T02:00:00+01:00")).toBe("Sun\u00a002:00");
  });
});

describe("remembered answers", () => {
  it("answer by both arguments, again and after many others", () => {
    const instant = "2026-12-05T12:00:00Z";
    expect(eventTime(instant, "Europe/Berlin")).toBe("Sat 5 Dec 2026, 13:00 CET");
    expect(eventTime(instant, "Asia/Tokyo")).toBe("Sat 5 Dec 2026, 21:00 UTC+9");
    // More than the 1,000 kept, so the memory is emptied on the way; Berlin is UTC+1 in December.
    for (let minute = 0; minute < 1500; minute++) {
      const at = Date.UTC(2026, 11, 5, 0, minute);
      const local = new Date(at + 3_600_000);
      const day = local.getUTCDate() === 5 ? "Sat 5" : "Sun 6";
      const clock = local.toISOString().slice(11, 16);
      expect(eventTime(new Date(at).toISOString(), "Europe/Berlin")).toBe(`${day} Dec 2026, ${clock} CET`);
    }
    expect(eventTime(instant, "Europe/Berlin")).toBe("Sat 5 Dec 2026, 13:00 CET");
  });

  it("end a day in the event's zone", () => {
    expect(dayEndsAt("2026-12-06", "Europe/Berlin")).toBe("2026-12-06T22:59:59.999Z");
    expect(dayEndsAt("2026-12-06", "Asia/Kolkata")).toBe("2026-12-06T18:29:59.999Z");
    expect(dayEndsAt("2026-12-06", "Europe/Berlin")).toBe("2026-12-06T22:59:59.999Z");
  });
});
