import { describe, expect, it } from "vitest";
import type { EventRecord } from "../../generator/contract/records.ts";
import { phaseOf } from "../../generator/derive/edition-phase.ts";

/**
 * The edition's phase, derived once for every page that invites people in or counts down
 * (home-way-in.ts, deadlines.ts, live-page.ts, schedule.ts, way-in.ts): an archived edition has
 * none of either, whatever its dates or the time its records last changed.
 */
const EVENT = {
  name: "Sprint",
  startDate: "2026-12-05",
  endDate: "2026-12-06",
  timezone: "Europe/Berlin",
  deadlines: { registration: "2026-12-05T12:00:00+01:00", submission: "2026-12-06T14:00:00+01:00" },
} as EventRecord;
const BEFORE = "2026-11-20T10:00:00+00:00";
const BETWEEN = "2026-12-05T18:00:00+01:00";

describe("an edition's phase", () => {
  it("holds the calls still open when the records last changed, each until its deadline, and counts down", () => {
    expect(phaseOf(EVENT, BEFORE, false)).toEqual({
      archived: false,
      live: true,
      open: [
        { entry: "team", until: "2026-12-05T12:00:00+01:00", deadline: "2026-12-05T12:00:00+01:00" },
        { entry: "project", until: "2026-12-06T14:00:00+01:00", deadline: "2026-12-06T14:00:00+01:00" },
      ],
    });
    expect(phaseOf(EVENT, BETWEEN, false).open.map((c) => c.entry)).toEqual(["project"]);
  });

  it("without deadlines, registering closes when the event starts and submitting when it ends, in its zone", () => {
    const open = phaseOf({ ...EVENT, deadlines: { registration: null } } as EventRecord, BEFORE, false).open;
    expect(open).toEqual([
      { entry: "team", until: "2026-12-04T23:00:00.000Z", deadline: null },
      { entry: "project", until: "2026-12-06T22:59:59.999Z", deadline: null },
    ]);
  });

  it("calls no one once awarded, and still counts down to the rest of the schedule", () => {
    const awarded = { ...EVENT, awards: [{ name: "Best", projects: ["a"] }] } as EventRecord;
    expect(phaseOf(awarded, BEFORE, false)).toEqual({ archived: false, open: [], live: true });
  });

  it("calls no one and counts down to nothing once archived, even with its records dated before its deadlines", () => {
    expect(phaseOf(EVENT, BEFORE, true)).toEqual({ archived: true, open: [], live: false });
  });
});
