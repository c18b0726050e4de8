import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WorkflowRunRef } from "../../generator/github/event-payload.ts";
import { githubClient } from "../../generator/github/github-api.ts";
import { confirmGroupRun } from "../../generator/github/queue/confirm-run.ts";
import { filesWithForms } from "../helpers/default-branch.ts";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import { GithubModel, startGithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";

/**
 * A Report the Sweep starts for a merge group names a Validate run in its inputs (writers only can
 * dispatch, but an input is no record): GitHub's record of the run gives its event and conclusion,
 * and a run that did not check that group on its branch is refused, never judged.
 */
const TOKEN = "ghs_test-token";
const BRANCH = "gh-readonly-queue/main/pr-1-0123456789abcdef0123456789abcdef01234567";
let model: GithubModel;
let github: RunningModel;

beforeEach(async () => {
  model = new GithubModel(await filesWithForms(EXAMPLE));
  github = await startGithubModel(model);
});
afterEach(() => github.close());

const client = () =>
  githubClient({ token: TOKEN, baseUrl: github.url, repository: "org/sprint", retryBaseMs: 1 });
const named = (id: number, headBranch = BRANCH): WorkflowRunRef => ({
  id,
  path: ".github/workflows/validate.yml",
  conclusion: "success",
  event: "workflow_dispatch",
  headBranch,
  headSha: model.mainSha,
  htmlUrl: "",
  pullRequests: [],
});
const validate = (event: string, conclusion: string, head_branch = BRANCH) =>
  model.finishRun({
    path: ".github/workflows/validate.yml",
    event,
    head_sha: model.mainSha,
    head_branch,
    head_repository: "org/sprint",
    conclusion,
  });

describe("confirmGroupRun", () => {
  it("takes the run's event and conclusion from GitHub, not from the inputs", async () => {
    const run = validate("merge_group", "failure");
    const confirmed = await confirmGroupRun(client(), named(run.id));
    expect([confirmed.event, confirmed.conclusion]).toEqual(["merge_group", "failure"]);
  });

  it("refuses a pull request's run, a run on another branch, an unfinished run and a run of another commit", async () => {
    const pulls = validate("pull_request", "success");
    await expect(confirmGroupRun(client(), named(pulls.id))).rejects.toThrow(
      `Validate run ${pulls.id} was started by pull_request, not for a merge group`,
    );
    const elsewhere = validate("merge_group", "success", "gh-readonly-queue/main/pr-2-x");
    await expect(confirmGroupRun(client(), named(elsewhere.id))).rejects.toThrow(
      `ran on gh-readonly-queue/main/pr-2-x, not ${BRANCH}`,
    );
    const running = model.startRun({
      path: ".github/workflows/validate.yml",
      event: "merge_group",
      head_sha: model.mainSha,
      head_branch: BRANCH,
      head_repository: "org/sprint",
    });
    await expect(confirmGroupRun(client(), named(running.id))).rejects.toThrow("has not finished");
    await expect(confirmGroupRun(client(), named(987654))).rejects.toThrow(
      `Validate run 987654 is not a Validate run of ${model.mainSha}`,
    );
  });
});
