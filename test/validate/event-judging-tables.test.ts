import { describe, expect, it } from "vitest";
import { checkEventWith } from "../helpers/event-with.ts";

describe("event-judging-tables", () => {
  it("accepts a place for each of the event's projects", async () => {
    expect(
      await checkEventWith(`judging:
  tables:
    - project: alpha-bot
      table: Table 12
    - project: beta-sim
      table: Hall B, stand 4
`),
    ).toEqual([]);
  });

  it("refuses a place for no project, with the slug it may mean, and a project given two places", async () => {
    expect(
      await checkEventWith(`judging:
  tables:
    - project: alpha-bott
      table: Table 12
    - project: beta-sim
      table: Table 13
    - project: beta-sim
      table: Table 14
`),
    ).toEqual([
      '39:16 error event-judging-tables "alpha-bott"',
      '43:16 error event-judging-tables "beta-sim" again',
    ]);
  });
});
