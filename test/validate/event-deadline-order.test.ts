import { describe, expect, it } from "vitest";
import { checkEventWith } from "../helpers/event-with.ts";

describe("event-deadline-order", () => {
  it("compares instants, not the text: 13:30Z is 14:30 in Berlin, after a 14:00+01:00 submission", async () => {
    expect(
      await checkEventWith(`deadlines:
  registration: "2026-12-06T13:30:00Z"
  submission: "2026-12-06T14:00:00+01:00"
`),
    ).toEqual(['38:17 error event-deadline-order "2026-12-06T13:30:00Z"']);
  });

  it("lets registration and submissions close at the same instant, or either alone", async () => {
    for (const deadlines of [
      `  registration: "2026-12-06T13:00:00Z"\n  submission: "2026-12-06T14:00:00+01:00"\n`,
      `  registration: "2026-12-06T14:00:00+01:00"\n`,
      `  submission: "2026-12-06T14:00:00+01:00"\n  registration: null\n`,
    ])
      expect(await checkEventWith(`deadlines:\n${deadlines}`), deadlines).toEqual([]);
  });

  it("leaves a time without its offset to the rule that says how to write it, with one problem", async () => {
    expect(
      await checkEventWith(`deadlines:
  registration: "2026-12-07T12:00:00"
  submission: "2026-12-06T14:00:00+01:00"
`),
    ).toEqual(['38:17 error event-time-form "2026-12-07T12:00:00", a time without its offset']);
  });
});
