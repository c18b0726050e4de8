import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blobSha } from "../helpers/github-model/git-store.ts";
import { GithubModel, startGithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";
import { OPERATION_IDS } from "../helpers/github-model/rest-check.ts";
import { workflowRunEvent } from "../helpers/github-model/webhook-events.ts";

let model: GithubModel;
let github: RunningModel;
let octokit: Octokit;
const repo = { owner: "org", repo: "sprint" };
const status = (error: unknown) => (error as { status?: number }).status;
// Every refusal here is expected; the request log would print each as an error.
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe("the GitHub model refuses what GitHub refuses", () => {
  beforeEach(async () => {
    model = new GithubModel({ "records/teams/a.yaml": "name: A\n" });
    github = await startGithubModel(model);
    octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url, log: quiet });
  });
  afterEach(() => github.close());

  it("answers 422 to an update of an existing file without its blob sha, and 409 to a stale one", async () => {
    const put = (extra: object) =>
      octokit.rest.repos.createOrUpdateFileContents({
        ...repo,
        path: "records/teams/a.yaml",
        message: "edit",
        content: Buffer.from("name: B\n").toString("base64"),
        ...extra,
      });
    await expect(put({})).rejects.toMatchObject({ status: 422 });
    await expect(put({ sha: blobSha("name: old\n") })).rejects.toMatchObject({ status: 409 });
    const done = await put({ sha: blobSha("name: A\n") });
    expect(done.status).toBe(200);
    const read = await octokit.rest.repos.getContent({ ...repo, path: "records/teams/a.yaml" });
    expect((read.data as { sha: string }).sha).toBe(blobSha("name: B\n"));
  });

  it("answers 422 to a status on a commit it does not have, and keeps a status on the commit", async () => {
    const unknown = "a".repeat(40);
    const post = (sha: string) =>
      octokit.rest.repos.createCommitStatus({ ...repo, sha, state: "success", context: "c" });
    expect(await post(unknown).catch(status)).toBe(422);
    await post(model.mainSha);
    expect(model.status(model.mainSha, "c")).toMatchObject({
      state: "success",
      creator: { login: "github-actions[bot]" },
    });
  });

  it("refuses what the REST description does not allow: an unknown operation, a bad enum, a wrong body", async () => {
    // These requests are outside GitHub's own types on purpose: the model must refuse them at run time.
    expect(await octokit.request("DELETE /repos/{owner}/{repo}", repo).catch(status)).toBe(404);
    expect(
      await octokit
        .request("POST /repos/{owner}/{repo}/statuses/{sha}", {
          ...repo,
          sha: model.mainSha,
          state: "green",
        } as never)
        .catch(status),
    ).toBe(422);
    expect(
      await octokit
        .request("POST /repos/{owner}/{repo}/git/refs", { ...repo, ref: "refs/heads/x" } as never)
        .catch(status),
    ).toBe(422);
    expect(await octokit.request("GET /repos/{owner}/{repo}/pulls/x", repo).catch(status)).toBe(404);
    expect(OPERATION_IDS).toContain("repos/create-or-update-file-contents");
  });

  it("keeps one open pull request per head and base, numbers issues and pull requests in one sequence", async () => {
    model.push("mallory/sprint", "edit", { "records/teams/a.yaml": "name: M\n" });
    const issue = model.openIssue("mallory", "x", "y");
    const pr = model.openPull("mallory", "mallory:edit");
    expect(pr.number).toBe(issue.number + 1);
    expect(() => model.openPull("mallory", "mallory:edit")).toThrow(/already exists/);
    const files = await octokit.rest.pulls.listFiles({ ...repo, pull_number: pr.number });
    expect(files.data.map((f) => [f.filename, f.status])).toEqual([["records/teams/a.yaml", "modified"]]);
    const retarget = octokit.rest.pulls.update({ ...repo, pull_number: pr.number, base: "no-such-branch" });
    expect(await retarget.catch(status)).toBe(422);
    const pulled = await octokit.rest.issues.get({ ...repo, issue_number: pr.number });
    expect(pulled.data.pull_request).toBeDefined();
  });

  it("gives a fork's workflow run no pull requests, as GitHub does, and a branch's run its own", async () => {
    const head = model.push("mallory/sprint", "edit", { "records/teams/a.yaml": "name: M\n" });
    model.openPull("mallory", "mallory:edit");
    const fork = model.finishRun({
      path: ".github/workflows/validate.yml",
      event: "pull_request",
      head_sha: head,
      head_branch: "edit",
      head_repository: "mallory/sprint",
      conclusion: "success",
    });
    expect(
      (workflowRunEvent(model, fork).workflow_run as { pull_requests: unknown[] }).pull_requests,
    ).toEqual([]);
    const own = model.push("org/sprint", "own", { "records/teams/a.yaml": "name: O\n" });
    const pr = model.openPull("ada", "own");
    const run = model.finishRun({
      path: ".github/workflows/validate.yml",
      event: "pull_request",
      head_sha: own,
      head_branch: "own",
      head_repository: "org/sprint",
      conclusion: "success",
    });
    const payload = workflowRunEvent(model, run) as {
      workflow_run: { pull_requests: Array<{ number: number }> };
      repository: { default_branch: string };
    };
    expect(payload.workflow_run.pull_requests.map((p) => p.number)).toEqual([pr.number]);
    expect(payload.repository.default_branch).toBe("main");
  });
});

describe("the GitHub model's test merge, as GitHub makes refs/pull/N/merge", () => {
  const PROJECT = "records/projects/p.yaml";
  beforeEach(async () => {
    model = new GithubModel({ [PROJECT]: "title: P\nteamSlug: null\ntagline: x\n" });
    github = await startGithubModel(model);
    octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url, log: quiet });
  });
  afterEach(() => github.close());

  const fileAt = async (ref: string) => {
    const { data } = await octokit.rest.repos.getContent({ ...repo, path: PROJECT, ref });
    return Buffer.from((data as { content: string }).content, "base64").toString("utf8");
  };

  it("merges line by line from the merge base: a key the base branch dropped is dropped in the merge", async () => {
    model.push("mallory/sprint", "b", {
      [PROJECT]: "teamSlug: victims\ntitle: P\nteamSlug: null\ntagline: x\n",
    });
    model.push("org/sprint", "main", { [PROJECT]: "title: P\ntagline: x\n" });
    const pr = model.openPull("mallory", "mallory:b");
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pr.number });
    expect(data.mergeable).toBe(true);
    expect(await fileAt(data.head.sha)).toBe("teamSlug: victims\ntitle: P\nteamSlug: null\ntagline: x\n");
    expect(await fileAt(data.merge_commit_sha!)).toBe("teamSlug: victims\ntitle: P\ntagline: x\n");
    const list = await octokit.rest.pulls.list({ ...repo });
    expect(list.data[0]!.merge_commit_sha).toBe(data.merge_commit_sha);
  });

  it("answers mergeable false and no merge commit on a conflict, and null while it computes", async () => {
    model.push("mallory/sprint", "b", { [PROJECT]: "title: Q\nteamSlug: null\ntagline: x\n" });
    model.push("org/sprint", "main", { [PROJECT]: "title: R\nteamSlug: null\ntagline: x\n" });
    const pr = model.openPull("mallory", "mallory:b");
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pr.number });
    expect([data.mergeable, data.merge_commit_sha]).toEqual([false, null]);
    model.mergeabilityPending.add(pr.number);
    const pending = await octokit.rest.pulls.get({ ...repo, pull_number: pr.number });
    expect(pending.data.mergeable).toBeNull();
  });
});

describe("the GitHub model's Git Data API and a pull request with no commits left", () => {
  beforeEach(async () => {
    model = new GithubModel({ "records/teams/a.yaml": "name: A\n" });
    github = await startGithubModel(model);
    octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url, log: quiet });
  });
  afterEach(() => github.close());

  /** A commit on top of `parent` writing one file, made as the Git Data API makes it. */
  async function commitOn(parent: string, path: string, content: string) {
    const { data: commit } = await octokit.rest.git.getCommit({ ...repo, commit_sha: parent });
    const tree = await octokit.rest.git.createTree({
      ...repo,
      base_tree: commit.tree.sha,
      tree: [{ path, mode: "100644", type: "blob", content }],
    });
    const made = await octokit.rest.git.createCommit({
      ...repo,
      message: "m",
      tree: tree.data.sha,
      parents: [parent],
    });
    return made.data.sha;
  }

  it("makes a commit of a file on top of a commit's tree, and refuses an unknown tree or parent", async () => {
    const sha = await commitOn(model.mainSha, "records/teams/b.yaml", "name: B\n");
    expect(model.git.get(sha).parents).toEqual([model.mainSha]);
    expect(model.git.diff(model.mainSha, sha)).toEqual([
      { filename: "records/teams/b.yaml", status: "added" },
    ]);
    const unknown = "b".repeat(40);
    const commit = (tree: string, parents: string[]) =>
      octokit.rest.git.createCommit({ ...repo, message: "m", tree, parents }).catch(status);
    expect(await commit(unknown, [model.mainSha])).toBe(422);
    const { data } = await octokit.rest.git.getCommit({ ...repo, commit_sha: model.mainSha });
    expect(await commit(data.tree.sha, [unknown])).toBe(422);
    expect(await octokit.rest.git.getCommit({ ...repo, commit_sha: unknown }).catch(status)).toBe(404);
    const gone = octokit.rest.git.createTree({
      ...repo,
      base_tree: data.tree.sha,
      tree: [{ path: "records/teams/none.yaml", mode: "100644", type: "blob", sha: null }],
    });
    expect(await gone.catch(status)).toBe(422);
  });

  it("closes a pull request whose head is reset to its base, marks it merged and closes the issue it names", async () => {
    const issue = model.openIssue("ada", "Register team: B", "…");
    const head = await commitOn(model.mainSha, "records/teams/b.yaml", "name: B\n");
    await octokit.rest.git.createRef({ ...repo, ref: "refs/heads/intake/issue-1", sha: head });
    const { data: pr } = await octokit.rest.pulls.create({
      ...repo,
      head: "intake/issue-1",
      base: "main",
      title: "B",
      body: `Closes #${issue.number}`,
    });
    // A new commit on top of main's head keeps it open.
    const next = await commitOn(model.mainSha, "records/teams/b.yaml", "name: B2\n");
    await octokit.rest.git.updateRef({ ...repo, ref: "heads/intake/issue-1", sha: next, force: true });
    expect((await octokit.rest.pulls.get({ ...repo, pull_number: pr.number })).data).toMatchObject({
      state: "open",
      merged: false,
    });
    await octokit.rest.git.updateRef({
      ...repo,
      ref: "heads/intake/issue-1",
      sha: model.mainSha,
      force: true,
    });
    expect((await octokit.rest.pulls.get({ ...repo, pull_number: pr.number })).data).toMatchObject({
      state: "closed",
      merged: true,
    });
    expect(issue.state).toBe("closed");
    const reopen = octokit.rest.pulls.update({ ...repo, pull_number: pr.number, state: "open" });
    expect(await reopen.catch(status)).toBe(422);
  });

  it("marks a pull request merged when its base comes to hold its head", async () => {
    const head = model.push("org/sprint", "edit", { "records/teams/a.yaml": "name: E\n" });
    const pr = model.openPull("ada", "edit");
    model.setBranch("org/sprint", "main", head);
    expect([pr.state, pr.merged]).toEqual(["closed", true]);
  });
});
