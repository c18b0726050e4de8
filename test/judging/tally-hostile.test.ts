import { describe, expect, it } from "vitest";
import { formatLine } from "../../generator/diagnostics/format-line.ts";
import { SCORE_FORMAT } from "../../generator/judging/score-file.ts";
import { tally } from "../../generator/judging/tally.ts";
import type { TallyEvent } from "../../generator/judging/tally-event.ts";

const EVENT: TallyEvent = {
  name: "Sprint",
  judges: [{ name: "Ada" }],
  judgingCriteria: [{ name: "Depth", weight: 1 }],
  prizes: [{ id: "best", name: "Best" }],
};
const PROJECTS = [{ slug: "p1", track: null }];
const source = (scores: string) => ({
  file: "ada.json",
  text: `{"format":"${SCORE_FORMAT}","event":"Sprint","judge":"Ada","scale":5,"scores":${scores}}`,
});

describe("a hostile score file", () => {
  it("is told in at most 20 problems, then one line saying how many more", () => {
    const scores = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`x${i}`, { Depth: 3 }]));
    const report = tally([source(JSON.stringify(scores))], EVENT, PROJECTS);
    expect(report.diagnostics).toHaveLength(21);
    expect(report.diagnostics.slice(0, 20).every((d) => d.rule === "score-project")).toBe(true);
    expect(report.diagnostics[20]).toMatchObject({
      file: "ada.json",
      severity: "error",
      rule: "score-more",
      message: "and 5 more problems in this file, not shown",
    });
  });

  it("tells a project named twice, whose first scores JSON would drop without a word", () => {
    const report = tally([source('{"p1":{"Depth":2},\n"p1":{"Depth":5}}')], EVENT, PROJECTS);
    expect(report.diagnostics.map(formatLine)).toEqual([
      'ada.json:2:1 error the file must name each key once in an object (found "p1" again in scores): JSON keeps only the last Fix: Keep one of the two, merging them by hand, or ask the judge to export the file again from the judging page. [score-duplicate-key]',
    ]);
    expect(report.prizes).toEqual([]);
  });

  it("cannot overflow the stack with deep nesting, and is described in a few words", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const report = tally([source(`{"p1":{"Depth":${deep}}}`)], EVENT, PROJECTS);
    expect(report.diagnostics.map((d) => [d.rule, d.found])).toEqual([["score-value", "a list of 1"]]);
  });

  it("keeps a megabyte-long key or value out of its messages", () => {
    const long = "p".repeat(1_000_000);
    const report = tally(
      [source(`{"${long}":{"Depth":3},"p1":{"Depth":"${long}","${long}":1}}`)],
      EVENT,
      PROJECTS,
    );
    expect(report.diagnostics.map((d) => d.rule).sort()).toEqual([
      "score-criterion",
      "score-project",
      "score-value",
    ]);
    for (const d of report.diagnostics) expect(formatLine(d).length).toBeLessThan(600);
  });

  it("tells a number too large to read as such, not as null", () => {
    const report = tally([source(`{"p1":{"Depth":1e400}}`)], EVENT, PROJECTS);
    expect(report.diagnostics.map((d) => d.found)).toEqual(["a number too large to read"]);
  });
});
