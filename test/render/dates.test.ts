import { describe, expect, it } from "vitest";
import { eventTime } from "../../generator/render/shared/dates.ts";

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
