import { describe, expect, it } from "vitest";
import { dispatchedGroupOf, pullRequestOf } from "../../generator/github/event-payload.ts";

const HEAD = "c".repeat(40);
const BASE = "d".repeat(40);

describe("the pull request a Validate run checks", () => {
  it("comes from a pull_request event", () => {
    expect(pullRequestOf({ pull_request: { number: 7, head: { sha: HEAD }, base: { sha: BASE } } })).toEqual({
      number: 7,
      headSha: HEAD,
      baseSha: BASE,
    });
  });

  it("comes from the intake's dispatch: its inputs, and the dispatched commit as the head", () => {
    const event = { inputs: { pull_request: "12", base_sha: BASE }, ref: "refs/heads/intake/issue-12" };
    expect(pullRequestOf(event, { GITHUB_SHA: HEAD })).toEqual({ number: 12, headSha: HEAD, baseSha: BASE });
    expect(() =>
      pullRequestOf({ inputs: { pull_request: "x", base_sha: BASE } }, { GITHUB_SHA: HEAD }),
    ).toThrow("this workflow_dispatch names no pull request: pull_request and base_sha inputs are required");
    expect(() =>
      pullRequestOf({ inputs: { pull_request: "12", base_sha: "main" } }, { GITHUB_SHA: HEAD }),
    ).toThrow();
  });
});

describe("the merge group a dispatched Validate run checks", () => {
  const ref = `refs/heads/gh-readonly-queue/main/pr-12-${BASE}`;

  it("is the dispatched commit on a merge queue's branch, with the group's parent from the inputs", () => {
    const event = { inputs: { pull_request: "12", base_sha: BASE, group_head: HEAD }, ref };
    expect(dispatchedGroupOf(event, { GITHUB_SHA: HEAD })).toEqual({
      headSha: HEAD,
      baseSha: BASE,
      headRef: ref,
      baseRef: "refs/heads/main",
    });
    expect(() => dispatchedGroupOf({ inputs: { pull_request: "12" }, ref }, { GITHUB_SHA: HEAD })).toThrow(
      "this workflow_dispatch on a merge group names no base_sha",
    );
  });

  it("is none for the intake's dispatch, another branch, or a pull_request event", () => {
    const inputs = { pull_request: "12", base_sha: BASE };
    expect(
      dispatchedGroupOf({ inputs, ref: "refs/heads/intake/issue-12" }, { GITHUB_SHA: HEAD }),
    ).toBeUndefined();
    expect(
      dispatchedGroupOf({ inputs, ref: "refs/heads/gh-readonly-queue/main/x" }, { GITHUB_SHA: HEAD }),
    ).toBeUndefined();
    expect(dispatchedGroupOf({ pull_request: {}, ref })).toBeUndefined();
  });
});
