import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ACTIONS_BOT,
  GithubModel,
  startGithubModel,
  user,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { enableMergeQueue } from "../helpers/github-model/merge-queue.ts";
import { protectBranch } from "../helpers/github-model/pull-merge.ts";

/** The model's `PUT /pulls/{n}/merge` (pull-merge.ts): what GitHub merges and what it refuses, and why. */
let model: GithubModel;
let github: RunningModel;
let octokit: Octokit;
const repo = { owner: "org", repo: "sprint" };
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const OWNERSHIP = "hackathon-registry / ownership";

beforeEach(async () => {
  model = new GithubModel({ "records/event.yaml": "name: Sprint\n", "notes.md": "one\n" });
  github = await startGithubModel(model);
  octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url, log: quiet });
});
afterEach(() => github.close());

function open(author: string, files: Record<string, string>) {
  model.push(`${author}/sprint`, "b", files);
  return model.openPull(author, `${author}:b`);
}
const merge = (pull_number: number, sha?: string) =>
  octokit.rest.pulls.merge({ ...repo, pull_number, merge_method: "merge", ...(sha ? { sha } : {}) });
const refusal = (status: number, message: string) => ({ status, response: { data: { message } } });

describe("merging a pull request", () => {
  it("makes a merge commit of the base and the head at the head named, and the pull request is merged", async () => {
    const pr = open("ada", { "a.txt": "a\n" });
    const before = model.mainSha;
    const { status, data } = await merge(pr.number, pr.head.sha);
    expect([status, data.merged, data.message]).toEqual([200, true, "Pull Request successfully merged"]);
    expect(model.mainSha).toBe(data.sha);
    expect(model.git.get(data.sha).parents).toEqual([before, pr.head.sha]);
    expect([pr.state, pr.merged]).toEqual(["closed", true]);
  });

  it("refuses a head that moved (409), a conflict (405), a closed pull request (405)", async () => {
    const pr = open("ada", { "notes.md": "ONE\n" });
    await expect(merge(pr.number, "0".repeat(40))).rejects.toMatchObject(
      refusal(409, "Head branch was modified. Review and try the merge again."),
    );
    model.push("org/sprint", "main", { "notes.md": "uno\n" });
    await expect(merge(pr.number, pr.head.sha)).rejects.toMatchObject(
      refusal(405, "Pull Request is not mergeable"),
    );
    const other = open("bo", { "b.txt": "b\n" });
    await merge(other.number);
    await expect(merge(other.number)).rejects.toMatchObject(refusal(405, "Pull Request is not mergeable"));
  });

  it("refuses while a protected branch's required checks do not pass on the head", async () => {
    protectBranch(model, "main", { checks: [], statuses: [OWNERSHIP] });
    const pr = open("ada", { "a.txt": "a\n" });
    await expect(merge(pr.number)).rejects.toMatchObject(
      refusal(405, `Required status check "${OWNERSHIP}" is expected.`),
    );
    const status = (state: string, by = ACTIONS_BOT) =>
      model.statuses.push({
        sha: pr.head.sha,
        state,
        context: OWNERSHIP,
        description: null,
        target_url: null,
        creator: by,
        created_at: model.isoNow(),
      });
    status("failure");
    await expect(merge(pr.number)).rejects.toMatchObject(
      refusal(405, `Required status check "${OWNERSHIP}" is failing.`),
    );
    status("success", user("ada"));
    await expect(merge(pr.number)).resolves.toMatchObject({ status: 200 });
  });

  it("refuses a direct merge into a branch that has a merge queue", async () => {
    enableMergeQueue(model);
    const pr = open("ada", { "a.txt": "a\n" });
    await expect(merge(pr.number)).rejects.toMatchObject(
      refusal(405, "Changes must be made through the merge queue"),
    );
  });
});
