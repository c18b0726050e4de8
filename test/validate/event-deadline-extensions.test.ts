import { describe, expect, it } from "vitest";
import { checkEventWith } from "../helpers/event-with.ts";

describe("event-deadline-extensions", () => {
  it("accepts an extension for an existing team, later than the submission deadline", async () => {
    expect(
      await checkEventWith(`deadlines:
  submission: "2026-12-06T14:00:00+01:00"
  extensions:
    - team: alpha-team
      submission: "2026-12-06T15:00:00+01:00"
      reason: Power cut at their bench
    - team: beta-team
      submission: "2026-12-06T13:00:01Z"
`),
    ).toEqual([]);
  });

  it("reports every extension's problems in one run, each at its own line", async () => {
    expect(
      await checkEventWith(`deadlines:
  submission: "2026-12-06T14:00:00+01:00"
  extensions:
    - team: gamma-team
      submission: "2026-12-06T12:00:00+01:00"
    - team: beta-team
      submission: "2026-12-06T15:00:00+01:00"
    - team: beta-team
      submission: "2026-12-06T16:00:00+01:00"
`),
    ).toEqual([
      '40:13 error event-deadline-extensions "gamma-team", which is not one',
      '41:19 error event-deadline-extensions "2026-12-06T12:00:00+01:00", which is not later',
      '44:13 error event-deadline-extensions "beta-team" again',
    ]);
  });

  it("refuses an extension when submissions never close (null)", async () => {
    expect(
      await checkEventWith(`deadlines:
  submission: null
  extensions:
    - team: alpha-team
      submission: "2026-12-06T15:00:00+01:00"
`),
    ).toEqual(["41:19 error event-deadline-extensions no deadlines.submission to extend"]);
  });
});
