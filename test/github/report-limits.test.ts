import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OWNERSHIP_CONTEXT } from "../../generator/github/report/run.ts";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import {
  finished,
  forkPull,
  gripperChange,
  reportOf,
  runReport,
  startScene,
} from "../helpers/report-harness.ts";

let model: GithubModel;
let github: RunningModel;
let pr: Pull;

const TOKEN = "ghs_test-token";
const shown = () => {
  const s = model.status(pr.head.sha, OWNERSHIP_CONTEXT);
  return s && `${s.state}: ${s.description}`;
};
/** Report as the sweep starts it: workflow_dispatch naming the Validate run, its pull request and head. */
const swept = (runId: number, headSha = pr.head.sha, env: Record<string, string> = {}) =>
  runReport(
    github.url,
    reportOf(model, pr),
    {
      inputs: {
        validate_run: String(runId),
        pull_request: String(pr.number),
        head_sha: headSha,
        head_repository: pr.head.repo,
        head_branch: pr.head.ref,
      },
      ref: "refs/heads/main",
      repository: { default_branch: "main" },
    },
    env,
  );

describe("Report under GitHub's rate limits, and as the sweep starts it", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
    pr = forkPull(model, "lenafischer", await gripperChange());
  });
  afterEach(() => github.close());

  it("judges a head the sweep names with its finished Validate run, as a watched run would", async () => {
    const { run } = finished(model, pr);
    const done = await swept(run.id);
    expect(done.code).toBe(0);
    expect(shown()).toBe("success: lenafischer may make every change");
  });

  it("judges nothing when the named run is not a finished Validate run of that head", async () => {
    const { run } = finished(model, pr, { conclusion: "cancelled" });
    const done = await swept(run.id);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`::notice::Run ${run.id} is not a finished Validate run of ${pr.head.sha}`);
    expect(model.statuses).toEqual([]);
    expect(model.comments).toEqual([]);
  });

  it("past the GraphQL budget, leaves a pending status saying when it is judged again, and ends without a red run", async () => {
    const { run } = finished(model, pr);
    model.limits.set(TOKEN, { graphql: 1 });
    model.limits.take(TOKEN, "graphql", 1, false);
    const reset = model.limits.status(TOKEN).resources.graphql.reset;
    const done = await swept(run.id);
    expect(done.code).toBe(0);
    const by = new Date(reset * 1000 + 600_000).toISOString().slice(11, 16);
    expect(shown()).toBe(`pending: Waiting for GitHub's rate limit; judged again by ${by} UTC`);
    expect(model.comments).toEqual([]);
  });

  it("past the REST budget, writes nothing it cannot and still ends without a red run", async () => {
    const { run } = finished(model, pr);
    model.limits.set(TOKEN, { rest: 1 });
    model.limits.take(TOKEN, "core", 1, false);
    const done = await swept(run.id);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain("GitHub refused the pending status too");
    expect(model.statuses).toEqual([]);
  });

  it("takes a failed artifact download past the REST budget for the limit, and a missing artifact otherwise for a refusal", async () => {
    const done = finished(model, pr);
    model.limits.set(TOKEN, { rest: 1 });
    model.limits.take(TOKEN, "core", 1, false);
    const limited = await runReport(github.url, null, done.event, {
      VALIDATE_RUN_URL: done.url,
      ARTIFACT_DOWNLOAD: "failure",
    });
    expect(limited.code).toBe(0);
    expect(limited.stdout).toContain(
      "::notice::The artifact could not be downloaded: GitHub's rate limit is spent",
    );
    expect(model.statuses).toEqual([]);

    model.limits.set(TOKEN, { rest: 1000 });
    const missing = await runReport(github.url, null, done.event, {
      VALIDATE_RUN_URL: done.url,
      ARTIFACT_DOWNLOAD: "failure",
    });
    expect(missing.code).toBe(1);
    expect(shown()).toBe("failure: Validate's report was refused: the artifact has no report.json");
  });
});
