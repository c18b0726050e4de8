import { describe, expect, it } from "vitest";
import { SCORE_FORMAT } from "../../generator/judging/score-file.ts";
import { tally } from "../../generator/judging/tally.ts";
import type { TallyEvent } from "../../generator/judging/tally-event.ts";
import { sprintSource } from "./score-files.ts";

const EVENT: TallyEvent = {
  name: "Sprint",
  judges: [{ name: "Ada" }, { name: "Bo" }, { name: "Cy" }, { name: "Di" }],
  judgingCriteria: [
    { name: "Depth", weight: 75 },
    { name: "Demo", weight: 25 },
  ],
  prizes: [{ id: "best", name: "Best", count: 1 }],
};
const PROJECTS = ["p1", "p2", "p3", "p4", "p5"].map((slug) => ({ slug, track: null }));
/** A file scoring each project [Depth, Demo]. */
const file = (judge: string, scores: Record<string, [number, number]>) =>
  sprintSource(
    judge,
    Object.fromEntries(Object.entries(scores).map(([slug, [a, b]]) => [slug, { Depth: a, Demo: b }])),
  );

describe("the tally", () => {
  it("weighs criteria by the event's weights: a project strong on the heavier one ranks first", () => {
    const report = tally([file("Ada", { p1: [5, 1], p2: [1, 5], p3: [3, 3] })], EVENT, PROJECTS);
    expect(report.prizes[0]!.ranking.map((r) => r.slug)).toEqual(["p1", "p3", "p2"]);
    expect(report.prizes[0]!.winners).toEqual(["p1"]);
  });

  it("counts a judge who gave everything one score as 0 for each project, moving nobody", () => {
    const flat = file("Bo", { p1: [4, 4], p2: [4, 4], p3: [4, 4] });
    const report = tally([file("Ada", { p1: [1, 1], p2: [5, 5], p3: [3, 3] }), flat], EVENT, PROJECTS);
    const ranking = report.prizes[0]!.ranking;
    expect(ranking.map((r) => [r.slug, r.judges])).toEqual([
      ["p2", 2],
      ["p3", 2],
      ["p1", 2],
    ]);
    // p3 is Ada's mean: 0 from her, 0 from Bo.
    expect(ranking[1]!.score).toBe(0);
    expect(ranking[0]!.spread).toBeCloseTo(ranking[0]!.score * 2, 6);
  });

  it("tells projects fewer judges saw than judging.perProject asks, and those none saw (they cannot win)", () => {
    const report = tally(
      [file("Ada", { p1: [1, 1], p2: [5, 5] }), file("Bo", { p1: [2, 2], p3: [3, 1] })],
      { ...EVENT, judging: { perProject: 2 } },
      PROJECTS,
    );
    expect(report.fewJudges).toEqual([
      { slug: "p2", judges: 1 },
      { slug: "p3", judges: 1 },
    ]);
    expect(report.unseen).toEqual(["p4", "p5"]);
    expect(report.prizes[0]!.unseen).toEqual(["p4", "p5"]);
    expect(report.prizes[0]!.ranking.map((r) => r.slug)).not.toContain("p4");
  });

  it("tells a judge whose ranking runs against the others' (3 shared projects or more), not those who agree", () => {
    const agree = { p1: [1, 1], p2: [2, 2], p3: [4, 4], p4: [5, 5] } as const;
    const against = { p1: [5, 5], p2: [4, 4], p3: [2, 2], p4: [1, 1] } as const;
    const copy = (s: Record<string, readonly [number, number]>) =>
      Object.fromEntries(Object.entries(s).map(([k, v]) => [k, [...v] as [number, number]]));
    const report = tally(
      [file("Ada", copy(agree)), file("Bo", copy(agree)), file("Cy", copy(against))],
      EVENT,
      PROJECTS,
    );
    expect(report.disagreeing).toEqual([{ judge: "Cy", correlation: -1, shared: 4 }]);
    // With two projects shared there is no ranking to compare.
    const few = tally(
      [file("Ada", { p1: [1, 1], p2: [5, 5] }), file("Cy", { p1: [5, 5], p2: [1, 1] })],
      EVENT,
      PROJECTS,
    );
    expect(few.disagreeing).toEqual([]);
  });

  it("reports a tie at the cut and names no winner for it", () => {
    const report = tally([file("Ada", { p1: [5, 5], p2: [5, 5], p3: [1, 1] })], EVENT, PROJECTS);
    expect(report.prizes[0]!.winners).toEqual([]);
    expect(report.prizes[0]!.tie).toEqual({ place: 1, projects: ["p1", "p2"], left: 1 });
  });

  it("leaves out, with a warning at its place, a project the judge scored on some criteria only", () => {
    const text = `{"format":"${SCORE_FORMAT}","event":"Sprint","judge":"Ada","scale":5,"scores":{\n"p1":{"Depth":3,"Demo":4},\n"p2":{"Depth":5}}}`;
    const report = tally([{ file: "ada.json", text }], EVENT, PROJECTS);
    expect(report.diagnostics).toMatchObject([
      { file: "ada.json", line: 3, column: 6, severity: "warning", rule: "score-incomplete" },
    ]);
    expect(report.diagnostics[0]!.message).toBe(
      "scores.p2 leaves out Demo: the project is counted as not seen by this judge",
    );
    expect(report.prizes[0]!.ranking.map((r) => r.slug)).toEqual(["p1"]);
  });
});

describe("the tally's checks", () => {
  it("tells every problem of every file in one run, each at its place with the fix, and ranks nothing", () => {
    const shape = `{\n  "format": "${SCORE_FORMAT}",\n  "event": "Sprint",\n  "scale": "5",\n  "colour": "blue",\n  "scores": {}\n}`;
    const names = `\uFEFF{"format":"${SCORE_FORMAT}","event":"Sprint","judge":"Bo","scale":5,"scores":{\n"p7":{"Depth":3,"Demo":3},\n"p1":{"Depht":3,"Demo":0}}}`;
    const report = tally(
      [
        { file: "b.json", text: names },
        { file: "a.json", text: shape },
      ],
      EVENT,
      PROJECTS,
    );
    expect(report.prizes).toEqual([]);
    expect(
      report.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.message} Fix: ${d.fix}`),
    ).toEqual([
      "a.json:1:1 score-file the score file must have judge: the judge's name, as records/event.yaml lists it (found none) Fix: Add judge, or export the file again from the judging page.",
      'a.json:4:12 score-file scale must be the highest score, a whole number such as 5 (found "5") Fix: Write the highest score, a whole number such as 5 at scale, or export the file again from the judging page.',
      "a.json:5:3 score-file colour is not a field of a score file Fix: Remove colour, or export the file again from the judging page.",
      'b.json:2:1 score-project scores must name projects in records/projects/ (found "p7", which is not one) Fix: Did you mean p1? A project\'s slug is its file name without .yaml. If it is a project merged after this copy of the records was last updated (a late one), update the copy (git pull) and tally again.',
      'b.json:3:7 score-criterion scores.p1 must score the event\'s judging criteria (found "Depht", which is not one) Fix: Did you mean Depth? Write the criterion as records/event.yaml names it.',
      "b.json:3:24 score-value scores.p1.Demo must be a whole number from 1 to 5, the event's scale (found 0) Fix: Ask the judge to score p1 again on the judging page, whose scale is 1 to 5.",
    ]);
  });

  it("says to update the local copy first when a score names a project the records here do not have", () => {
    // An approved late project is on the site, and so on a judge's page, before the organiser pulls it.
    const report = tally([file("Ada", { p1: [3, 3], "late-arrival-rover": [4, 4] })], EVENT, PROJECTS);
    expect(report.prizes).toEqual([]);
    expect(report.diagnostics.map((d) => [d.rule, d.fix])).toEqual([
      [
        "score-project",
        "If it is a project merged after this copy of the records was last updated (a late one), update the copy (git pull) and tally again; otherwise remove it, or restore the project's record.",
      ],
    ]);
  });
});
