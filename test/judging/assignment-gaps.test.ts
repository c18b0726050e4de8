import { describe, expect, it } from "vitest";
import { assignmentGaps } from "../../generator/judging/assignment-gaps.ts";

const ASSIGNMENT = [
  { name: "Zoe", projects: ["c", "a", "b"] },
  { name: "Ada", projects: ["a", "b"] },
  { name: "Sponsor", projects: [] },
  { name: "Bo", projects: ["b"] },
];

describe("assignmentGaps", () => {
  it("names each judge who has not scored all they were given, by name, with what is left in the assignment's order", () => {
    expect(
      assignmentGaps(ASSIGNMENT, [
        { judge: "Zoe", projects: ["a"] },
        { judge: "Ada", projects: ["a", "b", "c"] },
      ]),
    ).toEqual([
      { judge: "Bo", assigned: 1, missing: ["b"], noFile: true },
      { judge: "Zoe", assigned: 3, missing: ["c", "b"], noFile: false },
    ]);
  });

  it("finds no gap when every judge scored their projects, more or not, nor for a judge given none", () => {
    expect(
      assignmentGaps(ASSIGNMENT, [
        { judge: "Zoe", projects: ["a", "b", "c"] },
        { judge: "Ada", projects: ["a", "b", "c"] },
        { judge: "Bo", projects: ["b"] },
      ]),
    ).toEqual([]);
  });
});
