import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GithubModel, startGithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";

/**
 * The model's `workflow_dispatch` as GitHub answers it from the workflow file at the ref (the
 * project's own files when the commit holds none), and `refs(refPrefix:)` in GraphQL, which the
 * queue's workflows read the merge groups' branches from.
 */
let model: GithubModel;
let github: RunningModel;
let octokit: Octokit;
const repo = { owner: "org", repo: "sprint" };
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const VALIDATE_WITHOUT_DISPATCH = "name: Validate\non:\n  pull_request:\n";

beforeEach(async () => {
  model = new GithubModel({ "records/event.yaml": "name: Sprint\n" });
  github = await startGithubModel(model);
  octokit = new Octokit({ auth: "ghs_test-token", baseUrl: github.url, log: quiet });
});
afterEach(() => github.close());

const dispatch = (ref: string, inputs: Record<string, string>) =>
  octokit.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: "validate.yml", ref, inputs });

describe("workflow_dispatch", () => {
  it("starts a workflow with the inputs its file declares, and refuses undeclared or missing ones with 422", async () => {
    const base = model.mainSha;
    await expect(dispatch("main", { pull_request: "3", base_sha: base })).resolves.toMatchObject({
      status: 204,
    });
    await expect(
      dispatch("main", { pull_request: "3", base_sha: base, group_head: base }),
    ).resolves.toMatchObject({
      status: 204,
    });
    await expect(
      dispatch("main", { pull_request: "3", base_sha: base, colour: "red" }),
    ).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Unexpected inputs provided: ["colour"]' } },
    });
    await expect(dispatch("main", { pull_request: "3" })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: "Required input 'base_sha' not provided" } },
    });
    expect(model.dispatches).toHaveLength(2);
  });

  it("refuses a workflow whose file at the ref has no workflow_dispatch trigger", async () => {
    model.push("org/sprint", "old", { ".github/workflows/validate.yml": VALIDATE_WITHOUT_DISPATCH });
    await expect(dispatch("old", { pull_request: "3", base_sha: model.mainSha })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: "Workflow does not have 'workflow_dispatch' trigger" } },
    });
    expect(model.dispatches).toEqual([]);
  });
});

describe("refs(refPrefix:)", () => {
  it("lists the branches under the prefix, named after it, with their commits", async () => {
    const a = model.push("org/sprint", "gh-readonly-queue/main/pr-2-abc", { "a.txt": "a" });
    model.push("org/sprint", "gh-readonly-queue/other/pr-3-abc", { "b.txt": "b" });
    const answer = (await octokit.graphql(
      `query Refs($prefix: String!) { repository(owner: "org", name: "sprint") { refs(refPrefix: $prefix, first: 10) { nodes { name prefix target { oid } } } } }`,
      { prefix: "refs/heads/gh-readonly-queue/main/" },
    )) as { repository: { refs: { nodes: unknown[] } } };
    expect(answer.repository.refs.nodes).toEqual([
      { name: "pr-2-abc", prefix: "refs/heads/gh-readonly-queue/main/", target: { oid: a } },
    ]);
  });
});

describe("List workflow runs, created", () => {
  it("reads GitHub's search syntax for dates, newest first, and refuses what it cannot read with 422", async () => {
    const run = (at: string) => {
      model.now = Date.parse(at);
      return model.startRun({
        path: ".github/workflows/enqueue.yml",
        event: "workflow_dispatch",
        head_sha: model.mainSha,
        head_branch: "main",
        head_repository: "org/sprint",
      }).id;
    };
    const [a, b, c] = [run("2026-12-06T12:00:00Z"), run("2026-12-06T13:00:00Z"), run("2026-12-07T09:00:00Z")];
    const list = async (created: string) =>
      (
        await octokit.rest.actions.listWorkflowRuns({ ...repo, workflow_id: "enqueue.yml", created })
      ).data.workflow_runs.map((r) => r.id);
    expect(await list(">=2026-12-06T13:00:00Z")).toEqual([c, b]);
    expect(await list(">2026-12-06T13:00:00Z")).toEqual([c]);
    expect(await list("<2026-12-06T13:00:00Z")).toEqual([a]);
    expect(await list("2026-12-06T12:30:00Z..2026-12-07T00:00:00Z")).toEqual([b]);
    expect(await list("*..2026-12-06T12:00:00Z")).toEqual([a]);
    expect(await list("2026-12-06")).toEqual([b, a]);
    for (const bad of ["yesterday", ">=soon", "2026-13-45"])
      await expect(list(bad)).rejects.toMatchObject({ status: 422 });
  });
});
