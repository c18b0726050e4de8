import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ACTIONS_BOT,
  APP_BOT,
  APP_TOKEN,
  GithubModel,
  startGithubModel,
  user,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { pullNodeId } from "../helpers/github-model/graphql-merge-queue.ts";
import { enableMergeQueue, type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { workflowsStartedBy } from "../helpers/github-model/workflow-triggers.ts";

/**
 * The model's merge queue (merge-queue.ts, graphql-merge-queue.ts): GraphQL-only enqueueing
 * checked against the published schema and refused as GitHub refuses it, groups as real merge
 * commits on `gh-readonly-queue/…`, `merge_group` events and the runs GitHub starts for them, and
 * the queue's verdicts on the model's clock.
 */
let model: GithubModel;
let github: RunningModel;
let queue: MergeQueue;
const TOKEN = "ghs_test-token";
const OWNERSHIP = "hackathon-registry / ownership";
// `any`: the answers are JSON read by path, as a workflow reads them.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ON_MERGE_GROUP =
  "name: Validate\non:\n  pull_request:\n  merge_group:\n    types: [checks_requested]\n";

async function post(query: string, variables: Record<string, unknown> = {}, token = APP_TOKEN) {
  const res = await fetch(`${github.url}/graphql`, {
    method: "POST",
    headers: { authorization: `token ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Json;
}
const ENQUEUE = `mutation Enqueue($id: ID!, $head: GitObjectID) {
  enqueuePullRequest(input: { pullRequestId: $id, expectedHeadOid: $head }) {
    mergeQueueEntry { position state pullRequest { number isInMergeQueue } enqueuer { login } }
  }
}`;
const enqueue = (number: number, token = APP_TOKEN, head?: string) =>
  post(ENQUEUE, { id: pullNodeId(number), ...(head ? { head } : {}) }, token);

/** What a pull request needs before it may join the queue: the required checks on its head. */
function green(sha: string, conclusion = "success") {
  model.finishRun({
    path: ".github/workflows/validate.yml",
    event: "pull_request",
    head_sha: sha,
    head_branch: "x",
    head_repository: "org/sprint",
    conclusion,
  });
  ownership(sha, conclusion === "success" ? "success" : "failure");
}
function ownership(sha: string, state: string) {
  model.statuses.push({
    sha,
    state,
    context: OWNERSHIP,
    description: null,
    target_url: null,
    creator: ACTIONS_BOT,
    created_at: model.isoNow(),
  });
}
function team(author: string, slug: string, text = `name: ${slug}\n`) {
  model.push(`${author}/sprint`, slug, { [`records/teams/${slug}.yaml`]: text });
  const pr = model.openPull(author, `${author}:${slug}`);
  green(pr.head.sha);
  return pr;
}
const tree = (sha: string) => [...model.git.get(sha).tree.keys()].sort();

beforeEach(async () => {
  model = new GithubModel({
    "records/event.yaml": "name: Sprint\n",
    ".github/workflows/validate.yml": ON_MERGE_GROUP,
  });
  github = await startGithubModel(model);
  queue = enableMergeQueue(model);
});
afterEach(() => github.close());

describe("enqueuePullRequest and dequeuePullRequest, as GitHub takes and refuses them", () => {
  it("refuses a mutation the published schema does not allow before anything changes, for no points", async () => {
    const pr = team("ada", "a");
    const answer = await post(
      `mutation { enqueuePullRequest(input: { pullRequestId: "${pullNodeId(pr.number)}", mergeMethod: MERGE }) { clientMutationId } }`,
    );
    expect(answer.data).toBeUndefined();
    expect(answer.errors[0].message).toBe(
      "InputObject 'EnqueuePullRequestInput' doesn't accept argument 'mergeMethod'",
    );
    expect(queue.entries).toEqual([]);
    expect(model.limits.spentBy(APP_TOKEN)).toMatchObject({ graphql: 0 });
  });

  it("enqueues with the token's user as enqueuer, for one point and one content write", async () => {
    const pr = team("ada", "a");
    const answer = await enqueue(pr.number, APP_TOKEN, pr.head.sha);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.enqueuePullRequest.mergeQueueEntry).toEqual({
      position: 1,
      state: "AWAITING_CHECKS",
      pullRequest: { number: pr.number, isInMergeQueue: true },
      // GraphQL names a bot without REST's "[bot]".
      enqueuer: { login: "registry-app" },
    });
    expect(model.limits.spentBy(APP_TOKEN)).toMatchObject({ graphql: 1, writes: 1 });
    const read = await post(
      `query Q { repository(owner: "org", name: "sprint") { mergeQueue { configuration { mergeMethod maximumEntriesToBuild checkResponseTimeout } entries(first: 5) { nodes { position pullRequest { number } headCommit { oid } } } } } }`,
    );
    expect(read.data.repository.mergeQueue).toEqual({
      configuration: { mergeMethod: "MERGE", maximumEntriesToBuild: 5, checkResponseTimeout: 60 },
      entries: {
        nodes: [
          {
            position: 1,
            pullRequest: { number: pr.number },
            headCommit: { oid: queue.groups()[0]!.headSha },
          },
        ],
      },
    });
  });

  it("refuses as GitHub refuses: unknown ID, stale head, checks not passing, already queued, closed, no queue", async () => {
    const refusal = (answer: Json) => [answer.errors?.[0]?.type, answer.errors?.[0]?.message];
    expect(refusal(await post(ENQUEUE, { id: "PR_nothing" }))).toEqual([
      "NOT_FOUND",
      "Could not resolve to a node with the global id of 'PR_nothing'.",
    ]);
    const pr = team("ada", "a");
    expect(refusal(await enqueue(pr.number, APP_TOKEN, "f".repeat(40)))).toEqual([
      "UNPROCESSABLE",
      "Head branch was modified. Review and try the merge again.",
    ]);
    model.push("bob/sprint", "b", { "records/teams/b.yaml": "name: B\n" });
    const unchecked = model.openPull("bob", "bob:b");
    expect(refusal(await enqueue(unchecked.number))).toEqual([
      "UNPROCESSABLE",
      'Pull request Required status check "validate" is expected.',
    ]);
    green(unchecked.head.sha, "failure");
    expect(refusal(await enqueue(unchecked.number))[1]).toBe(
      'Pull request Required status check "validate" is failing.',
    );
    expect((await enqueue(pr.number)).errors).toBeUndefined();
    expect(refusal(await enqueue(pr.number))).toEqual([
      "UNPROCESSABLE",
      "Pull request is already in the queue",
    ]);
    const closed = team("cy", "c");
    closed.state = "closed";
    expect(refusal(await enqueue(closed.number))).toEqual(["UNPROCESSABLE", "Pull request is closed"]);
    model.push("org/sprint", "release", {});
    model.push("dee/sprint", "d", { "records/teams/d.yaml": "name: D\n" });
    const elsewhere = model.openPull("dee", "dee:d", "release");
    green(elsewhere.head.sha);
    expect(refusal(await enqueue(elsewhere.number))[0]).toBe("UNPROCESSABLE");
    expect(queue.entries.map((e) => e.pull)).toEqual([pr.number]);
  });

  it("dequeues by the pull request's ID; the groups behind are built again", async () => {
    const [a, b] = [team("ada", "a"), team("bob", "b")];
    await enqueue(a.number);
    await enqueue(b.number);
    const before = queue.groups()[1]!.headSha;
    const answer = await post(
      `mutation D($id: ID!) { dequeuePullRequest(input: { id: $id }) { mergeQueueEntry { pullRequest { number isInMergeQueue } } } }`,
      { id: pullNodeId(a.number) },
    );
    expect(answer.data.dequeuePullRequest.mergeQueueEntry.pullRequest).toEqual({
      number: a.number,
      isInMergeQueue: false,
    });
    expect(queue.removals.map((r) => [r.pull, r.reason])).toEqual([
      [a.number, `removed by ${APP_BOT.login}`],
    ]);
    expect(queue.groups()[0]!.headSha).not.toBe(before);
    expect(tree(queue.groups()[0]!.headSha)).not.toContain("records/teams/a.yaml");
  });
});

describe("merge groups: real merge commits, merge_group events, and who starts workflows", () => {
  it("builds each entry's group on the one ahead, on gh-readonly-queue/<base>/pr-<n>-<parent>", async () => {
    const [a, b] = [team("ada", "a"), team("bob", "b")];
    const main = model.mainSha;
    queue.enqueue(a.number, user("organiser"));
    queue.enqueue(b.number, user("organiser"));
    const [ga, gb] = queue.groups();
    expect(ga!.headRef).toBe(`refs/heads/gh-readonly-queue/main/pr-${a.number}-${main}`);
    expect(model.git.get(ga!.headSha).parents).toEqual([main, a.head.sha]);
    expect(gb!.baseSha).toBe(ga!.headSha);
    expect(gb!.pulls).toEqual([a.number, b.number]);
    expect(tree(gb!.headSha)).toEqual([
      ".github/workflows/validate.yml",
      "records/event.yaml",
      "records/teams/a.yaml",
      "records/teams/b.yaml",
    ]);
    expect(model.branch("org/sprint", gb!.headRef.slice("refs/heads/".length))).toBe(gb!.headSha);
    const [event] = queue.events;
    expect(event!.payload).toMatchObject({
      action: "checks_requested",
      merge_group: {
        head_sha: ga!.headSha,
        head_ref: ga!.headRef,
        base_sha: main,
        base_ref: "refs/heads/main",
      },
      repository: { full_name: "org/sprint" },
      sender: { login: "organiser" },
    });
  });

  it("removes an entry whose group conflicts, and builds the next on the same parent", async () => {
    const a = team("ada", "a", "name: A\n");
    const clash = team("bob", "a", "name: Other\n");
    const c = team("cy", "c");
    for (const pr of [a, clash, c]) queue.enqueue(pr.number, user("organiser"));
    expect(queue.removals.map((r) => [r.pull, r.reason])).toEqual([[clash.number, "merge conflict"]]);
    expect(queue.groups()[1]!.baseSha).toBe(queue.groups()[0]!.headSha);
  });

  it("starts no workflow for a group GITHUB_TOKEN enqueued, and Validate for one the App's token did", async () => {
    const [a, b] = [team("ada", "a"), team("bob", "b")];
    await enqueue(a.number, TOKEN);
    await enqueue(b.number, APP_TOKEN);
    expect(queue.events.map((e) => [e.cause.login, e.runs.map((r) => [r.path, r.event, r.status])])).toEqual([
      [ACTIONS_BOT.login, []],
      [APP_BOT.login, [[".github/workflows/validate.yml", "merge_group", "queued"]]],
    ]);
    const sha = queue.groups()[0]!.headSha;
    // workflow_dispatch is the rule's exception: GITHUB_TOKEN may start the group's checks that way.
    expect(workflowsStartedBy(model, { name: "workflow_dispatch", actor: ACTIONS_BOT, sha })).toEqual([]);
    expect(
      workflowsStartedBy(model, { name: "merge_group", action: "destroyed", actor: APP_BOT, sha }),
    ).toEqual([]);
  });
});

describe("the queue's verdicts on the model's clock", () => {
  /** The group's required checks, as Validate and Report would leave them. */
  const verdict = (sha: string, conclusion: string) => {
    const run = model.runs.find((r) => r.head_sha === sha && r.event === "merge_group");
    model.completeRun(run!, conclusion);
    ownership(sha, conclusion === "success" ? "success" : "failure");
  };

  it("merges the green front of the queue: the base moves to the last group's head, its pull requests merged", async () => {
    const prs = [team("ada", "a"), team("bob", "b"), team("cy", "c")];
    for (const pr of prs) await enqueue(pr.number);
    const [, second, third] = queue.groups();
    verdict(second!.headSha, "success");
    queue.tick();
    expect(model.mainSha).not.toBe(second!.headSha); // the first has no verdict yet
    verdict(queue.groups()[0]!.headSha, "success");
    queue.tick();
    expect(model.mainSha).toBe(second!.headSha);
    expect(prs.map((p) => [p.state, p.merged === true])).toEqual([
      ["closed", true],
      ["closed", true],
      ["open", false],
    ]);
    expect(queue.groups()).toEqual([third]);
    expect(model.branch("org/sprint", second!.headRef.slice("refs/heads/".length))).toBeUndefined();
    expect(queue.merges.map((m) => m.pulls)).toEqual([[prs[0]!.number, prs[1]!.number]]);
  });

  it("removes an entry whose group fails, leaves its pull request open, and rebuilds the groups behind", async () => {
    const prs = [team("ada", "a"), team("bob", "b"), team("cy", "c")];
    for (const pr of prs) await enqueue(pr.number);
    const [first, second] = queue.groups();
    verdict(first!.headSha, "failure");
    queue.tick();
    expect(queue.removals.map((r) => [r.pull, r.reason])).toEqual([[prs[0]!.number, "failed status checks"]]);
    expect(prs[0]).toMatchObject({ state: "open" });
    const rebuilt = queue.groups();
    expect(rebuilt[0]!.baseSha).toBe(model.mainSha);
    expect(rebuilt[0]!.headSha).not.toBe(second!.headSha);
    expect(tree(rebuilt[1]!.headSha)).not.toContain("records/teams/a.yaml");
    expect(queue.events.slice(3).map((e) => e.group.pulls)).toEqual([
      [prs[1]!.number],
      [prs[1]!.number, prs[2]!.number],
    ]);
  });

  it("removes an entry whose group has no verdict within the check timeout, and not before", async () => {
    const pr = team("ada", "a");
    await enqueue(pr.number);
    model.now += 60 * 60_000;
    queue.tick();
    expect(queue.entries).toHaveLength(1);
    model.now += 1000;
    queue.tick();
    expect(queue.removals.map((r) => r.reason)).toEqual(["timed out waiting for status checks"]);
    expect(pr.state).toBe("open");
  });

  it("refuses Update branch on a queued pull request, as GitHub does", async () => {
    const pr = team("ada", "a");
    await enqueue(pr.number);
    model.push("org/sprint", "main", { "records/event.yaml": "name: Sprint 2\n" });
    const res = await fetch(`${github.url}/repos/org/sprint/pulls/${pr.number}/update-branch`, {
      method: "PUT",
      headers: { authorization: `token ${APP_TOKEN}`, "content-type": "application/json" },
      body: "{}",
    });
    expect([res.status, ((await res.json()) as Json).message]).toEqual([
      422,
      "Branches that are queued for merging cannot be updated",
    ]);
  });

  it("removes an entry whose pull request gets a new head, as GitHub does", async () => {
    const pr = team("ada", "a");
    await enqueue(pr.number);
    model.push("ada/sprint", "a", { "records/teams/a.yaml": "name: A2\n" });
    queue.tick();
    expect(queue.entries).toEqual([]);
    expect(queue.removals.map((r) => r.reason)).toEqual(["the pull request's head changed"]);
  });
});
