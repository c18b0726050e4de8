import { describe, expect, it } from "vitest";
import { checkEventWith } from "../helpers/event-with.ts";

describe("event-judge-names", () => {
  it("accepts judges with names of their own", async () => {
    expect(
      await checkEventWith(`judges:
  - name: Ada Byron
    affiliation: Lab
  - name: Ada B.
    affiliation: Lab
`),
    ).toEqual([]);
  });

  it("reports a judge whose name another judge has, in any case, at the second one's name", async () => {
    expect(
      await checkEventWith(`judges:
  - name: Ada Byron
    affiliation: Lab
  - name: Alan T
    affiliation: Bletchley
  - name: ada byron
    affiliation: Engines
`),
    ).toEqual(['42:11 error event-judge-names "ada byron" again']);
  });
});
