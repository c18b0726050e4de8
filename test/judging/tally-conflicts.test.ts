import { describe, expect, it } from "vitest";
import { tally } from "../../generator/judging/tally.ts";
import type { TallyEvent } from "../../generator/judging/tally-event.ts";
import { sprintSource } from "./score-files.ts";

const EVENT: TallyEvent = {
  name: "Sprint",
  judges: [
    { name: "Ada", github: "ADA-Gh", conflicts: [], prizes: [] },
    { name: "Bo", github: null, conflicts: ["p2", "crew"], prizes: [] },
    { name: "Cy", github: null, conflicts: [], prizes: ["hw-prize"] },
  ],
  judgingCriteria: [{ name: "Depth", weight: 1 }],
  prizes: [
    { id: "best", name: "Best", track: null },
    { id: "hw-prize", name: "Hardware", track: "hw" },
  ],
};
const PROJECTS = [
  { slug: "p1", track: "hw", teamSlug: null, members: ["someone", null] },
  { slug: "p2", track: "hw", teamSlug: null, members: [] },
  { slug: "p3", track: "sim", teamSlug: "crew", members: [] },
  { slug: "p4", track: "sim", teamSlug: "crew", members: [] },
];
const TEAMS = new Map([["crew", ["ada-gh"]]]);
const file = (judge: string, slugs: string[]) =>
  sprintSource(judge, Object.fromEntries(slugs.map((slug) => [slug, { Depth: 3 }])));

describe("the tally's conflicts of interest", () => {
  it("refuses a score the assignment would never hand out, naming the file, judge, project and why", () => {
    const report = tally(
      [file("Ada", ["p1", "p2", "p3"]), file("Bo", ["p1", "p2", "p3"]), file("Cy", ["p1", "p2", "p3"])],
      EVENT,
      PROJECTS,
      TEAMS,
    );
    expect(report.diagnostics.map((d) => [d.file, d.rule, d.message])).toEqual([
      [
        "Ada.json",
        "score-conflict",
        "Ada may not judge p3: the judge (GitHub ada-gh) is a member of its team (found scores for it in this file)",
      ],
      [
        "Bo.json",
        "score-conflict",
        "Bo may not judge p2: the judge names p2 in conflicts (found scores for it in this file)",
      ],
      [
        "Bo.json",
        "score-conflict",
        "Bo may not judge p3: the judge names its team crew in conflicts (found scores for it in this file)",
      ],
      [
        "Cy.json",
        "score-conflict",
        "Cy may not judge p3: the judge judges their prizes' tracks only, and its track is sim (found scores for it in this file)",
      ],
    ]);
    expect(report.diagnostics.every((d) => d.severity === "error")).toBe(true);
    expect(report.prizes).toEqual([]);
  });

  it("ranks as before when every score is one the judge may give", () => {
    const report = tally([file("Ada", ["p1", "p2"]), file("Cy", ["p1", "p2"])], EVENT, PROJECTS, TEAMS);
    expect(report.diagnostics).toEqual([]);
    expect(report.prizes[0]!.ranking.map((r) => r.slug)).toEqual(["p1", "p2"]);
  });
});
