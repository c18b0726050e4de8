import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import { finished, forkPull, gripperChange, startScene } from "../helpers/report-harness.ts";
import { runAction } from "../helpers/run-action.ts";

let model: GithubModel;
let github: RunningModel;
let pr: Pull;

const find = (event: unknown) =>
  runAction("find-validate-run", event, { GITHUB_API_URL: github.url, GITHUB_TOKEN: "ghs_test-token" });
const review = () => finished(model, pr, { workflow: "review", event: "pull_request_review" }).event;

describe("Report's first step: which Validate run holds the report", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
    pr = forkPull(model, "lenafischer", await gripperChange());
  });
  afterEach(() => github.close());

  it("is the watched run itself after Validate, without asking the API", async () => {
    const done = finished(model, pr);
    const run = await find(done.event);
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ "run-id": String(done.run.id), "run-url": done.url });
    expect(github.requests).toEqual([]);
  });

  it("is the watched run when GitHub writes its path with an @ref suffix", async () => {
    const done = finished(model, pr);
    (done.event.workflow_run as { path: string }).path = ".github/workflows/validate.yml@refs/heads/main";
    const run = await find(done.event);
    expect(run.outputs["run-id"]).toBe(String(done.run.id));
    expect(github.requests).toEqual([]);
  });

  it("is the latest finished Validate run for the reviewed commit after a review", async () => {
    const older = finished(model, pr, { conclusion: "success" });
    const newest = finished(model, pr, { conclusion: "failure" });
    finished(model, pr, { conclusion: "cancelled" });
    expect(older.run.id).toBeLessThan(newest.run.id);
    const run = await find(review());
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ "run-id": String(newest.run.id), "run-url": newest.url });
    expect(github.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/org/sprint/actions/workflows/validate.yml/runs?head_sha=${pr.head.sha}&per_page=100`,
    ]);
  });

  it("is the run of the reviewed pull request when GitHub names it, not a newer one of another", async () => {
    const own = forkPull(model, "org", await gripperChange(), { branch: "own" });
    model.branches.get("org/sprint")!.set("own", own.head.sha);
    own.head.repo = "org/sprint";
    pr = own;
    const mine = finished(model, own);
    const other = model.finishRun({
      path: ".github/workflows/validate.yml",
      event: "pull_request",
      head_sha: own.head.sha,
      head_branch: "copy",
      head_repository: "mallory/sprint",
      conclusion: "failure",
    });
    expect(other.id).toBeGreaterThan(mine.run.id);
    const run = await find(review());
    expect(run.outputs["run-id"]).toBe(String(mine.run.id));
  });

  it("is none when Validate has not finished for the reviewed commit", async () => {
    const run = await find(review());
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ "run-id": "", "run-url": "" });
  });
});
