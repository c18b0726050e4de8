import { describe, expect, it } from "vitest";
import { classify } from "../../../generator/github/enqueue/classify.ts";
import type { OpenPull } from "../../../generator/github/enqueue/read-board.ts";

const TRUSTED = ["github-actions[bot]"];
const pull = (over: Partial<OpenPull>): OpenPull => ({
  id: "PR_1",
  number: 1,
  title: "A team",
  url: "https://github.com/org/sprint/pull/1",
  author: "ada",
  headSha: "a".repeat(40),
  inQueue: false,
  draft: false,
  mergeable: "MERGEABLE",
  verdict: undefined,
  removed: undefined,
  ...over,
});

describe("where the board places a pull request", () => {
  it("refuses one that conflicts with the base before asking for a verdict, which a conflict never gets", () => {
    // GitHub runs no Validate on a conflicting pull request, so "no verdict yet" would never end.
    expect(classify(pull({ mergeable: "CONFLICTING" }), TRUSTED, "main")).toMatchObject({
      category: "refused",
      why: "conflicts with main: its author must update the branch",
    });
    const green = { state: "success", description: "ada may make every change", creator: TRUSTED[0]! };
    expect(classify(pull({ mergeable: "CONFLICTING", verdict: green }), TRUSTED, "main").category).toBe(
      "refused",
    );
    expect(classify(pull({ verdict: green }), TRUSTED, "main").category).toBe("green");
    expect(classify(pull({}), TRUSTED, "main").category).toBe("waiting");
  });

  it("keeps a green draft waiting: GitHub merges no draft, and each try would spend a write", () => {
    const green = { state: "success", description: "ada may make every change", creator: TRUSTED[0]! };
    expect(classify(pull({ draft: true, verdict: green }), TRUSTED, "main")).toEqual({
      pull: pull({ draft: true, verdict: green }),
      category: "waiting",
      why: "a draft: GitHub merges it once its author marks it ready for review",
    });
  });
});
