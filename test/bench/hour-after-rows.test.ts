import { describe, expect, it } from "vitest";
import { hourAfterRows, type HourAfterRun } from "../../generator/bench/hour-after.ts";
import { table } from "../../generator/bench/report-table.ts";

const run: HourAfterRun = {
  name: "the App",
  organiserActions: 2,
  minutesToLastMerge: 27,
  groups: 34,
  restPerGroup: 4,
  graphqlPerGroup: 2,
  onTime: 30,
  merged: 30,
  removed: 1,
  timedOut: 0,
  late: 1,
  lateOnTime: 0,
};

describe("the hour after's rows in npm run bench", () => {
  it("prints each figure with its goal, and whether it holds", () => {
    expect(table(hourAfterRows([run])).slice(2)).toEqual([
      "| the hour after at 1/10 scale (30 on-time + 2 clashing pull requests), the App: deadline to the last on-time merge | 27 min |  |  | ≤ 30 min | yes |",
      "| the hour after at 1/10 scale (30 on-time + 2 clashing pull requests), the App: organiser actions (runs of Queue green pull requests, approvals) | 2 |  |  | ≤ 3 | yes |",
      "| the hour after at 1/10 scale (30 on-time + 2 clashing pull requests), the App: REST requests / GraphQL points, most for one group (34 groups) | 4 / 2 |  |  | ≤ 6 / ≤ 3 | yes |",
      "| the hour after at 1/10 scale (30 on-time + 2 clashing pull requests), the App: outcome | 30 of 30 merged; 1 removals (0 at GitHub's timeout); 1 late; 0 on-time heads judged late |  |  | all merged, the late one not, none judged late on time | yes |",
    ]);
  });

  it("says a goal does not hold, and a run whose last merge never came (JSON's null) is not within 30 minutes", () => {
    const rows = hourAfterRows([
      {
        ...run,
        minutesToLastMerge: null as unknown as number,
        merged: 29,
        organiserActions: 9,
        lateOnTime: 1,
      },
    ]);
    expect(rows.map((r) => [r.ours, r.holds])).toEqual([
      ["not all merged", "**no**"],
      ["9", "**no**"],
      ["4 / 2", "yes"],
      ["29 of 30 merged; 1 removals (0 at GitHub's timeout); 1 late; 1 on-time heads judged late", "**no**"],
    ]);
  });
});
