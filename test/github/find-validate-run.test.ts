import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGithubStandIn, type StandInRepo } from "../helpers/github-stand-in.ts";
import { HEAD, standInRepo, workflowRun } from "../helpers/report-harness.ts";
import { runAction } from "../helpers/run-action.ts";

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let repo: StandInRepo;

const find = (event: unknown) =>
  runAction("find-validate-run", event, { GITHUB_API_URL: github.url, GITHUB_TOKEN: "ghs_test-token" });

describe("Report's first step: which Validate run holds the report", () => {
  beforeEach(async () => {
    repo = await standInRepo("lenafischer");
    github = await startGithubStandIn(repo);
  });
  afterEach(() => github.close());

  it("is the watched run itself after Validate, without asking the API", async () => {
    const run = await find(workflowRun());
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({
      "run-id": "42",
      "run-url": "https://github.com/org/sprint/actions/runs/42",
    });
    expect(github.requests).toEqual([]);
  });

  it("is the latest finished Validate run for the reviewed commit after a review", async () => {
    repo.validateRuns = [
      { id: 41, head_sha: HEAD, conclusion: "cancelled" },
      { id: 40, head_sha: HEAD, conclusion: "failure" },
      { id: 39, head_sha: HEAD, conclusion: "success" },
      { id: 38, head_sha: "e".repeat(40), conclusion: "success" },
    ];
    const run = await find(workflowRun({ workflow: "review", event: "pull_request_review" }));
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({
      "run-id": "40",
      "run-url": "https://github.com/org/sprint/actions/runs/40",
    });
    expect(github.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/org/sprint/actions/workflows/validate.yml/runs?head_sha=${HEAD}&status=completed&per_page=20`,
    ]);
  });

  it("is none when Validate has not finished for the reviewed commit", async () => {
    const run = await find(workflowRun({ workflow: "review", event: "pull_request_review" }));
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ "run-id": "", "run-url": "" });
  });
});
