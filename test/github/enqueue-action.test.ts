import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mdText } from "../../generator/report/markdown-text.ts";
import { APP_TOKEN, GithubModel, type RunningModel } from "../helpers/github-model/github-model.ts";
import { pullNodeId } from "../helpers/github-model/graphql-merge-queue.ts";
import { type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { GREEN, LATE, numbers, REFUSED, section, teamPull } from "../helpers/queue-board.ts";
import { exampleQueue, QueueWorkflows } from "../helpers/queue-workflows.ts";
import { runSweep } from "../helpers/run-sweep.ts";

/**
 * "Queue green pull requests" (generator/github/enqueue/) against the GitHub model and its merge
 * queue, with Validate and Report run on each group as GitHub runs them (queue-workflows.ts): the
 * organiser's one action queues every green pull request oldest first and writes the board; with
 * the App's token GitHub starts the groups' runs, with GITHUB_TOKEN alone the registry dispatches
 * them, and either way the pull requests merge in groups without waiting for the queue's timeout.
 */
const TOKEN = "ghs_test-token";
let model: GithubModel;
let github: RunningModel;
let queue: MergeQueue;

beforeEach(async () => {
  ({ model, github, queue } = await exampleQueue());
});
afterEach(() => github.close());

const pull = (author: string, slug: string, verdict?: { state: string; description: string }) =>
  teamPull(model, author, slug, verdict);

/** Eight pull requests in the order they were opened: five green among a late, a refused and an unjudged one. */
function board() {
  const g1 = pull("ada", "t1", GREEN);
  const late = pull("bo", "t2", LATE);
  const g2 = pull("cy", "t3", GREEN);
  const refused = pull("di", "t4", REFUSED);
  const g3 = pull("ed", "t5", GREEN);
  const none = pull("fa", "t6");
  const g4 = pull("gu", "t7", GREEN);
  const g5 = pull("ha", "t8", GREEN);
  return { green: [g1, g2, g3, g4, g5], late, refused, none };
}

describe("Queue green pull requests", () => {
  it("with the App's token: queues the five green pull requests oldest first, lists the others by why, and GitHub's runs merge all five in groups", async () => {
    const prs = board();
    const flow = new QueueWorkflows(model, github, queue, APP_TOKEN, "registry-app");
    const start = model.now;
    const done = await flow.enqueue();
    expect(done.failed).toBe(false);
    expect(queue.entries.map((e) => [e.pull, e.enqueuer.login])).toEqual(
      prs.green.map((p) => [p.number, "registry-app[bot]"]),
    );
    expect(section(done.summary, "Queued now").map(([n]) => n)).toEqual(numbers(prs.green));
    expect(section(done.summary, "Late, awaiting an organiser's approval")).toEqual([
      [prs.late.number, mdText(LATE.description)],
    ]);
    expect(section(done.summary, "Refused")).toEqual([[prs.refused.number, mdText(REFUSED.description)]]);
    expect(section(done.summary, "No verdict yet")).toEqual([
      [prs.none.number, `no ownership status on its head ${prs.none.head.sha.slice(0, 7)} yet`],
    ]);
    expect(done.summary).toContain("## Already in the queue (0)\n\nNone.");
    // GitHub started Validate on each group itself: nothing was dispatched.
    expect(queue.events.map((e) => e.runs.length)).toEqual([1, 1, 1, 1, 1]);
    expect(model.dispatches).toEqual([]);

    await flow.drain();
    expect(prs.green.map((p) => p.merged)).toEqual([true, true, true, true, true]);
    // The five groups passed together: the queue merged them at once, the branch at the last group's head.
    expect(queue.merges.map((m) => m.pulls)).toEqual([numbers(prs.green)]);
    expect([prs.late.state, prs.refused.state, prs.none.state]).toEqual(["open", "open", "open"]);
    expect(queue.removals).toEqual([]);
    expect(model.now).toBe(start);
    expect(flow.validated.every((v) => !v.validate.failed && !v.report.failed)).toBe(true);
    // The queue's push, made as the App, started Publish; the Sweep has nothing to publish.
    expect(model.runs.filter((r) => r.path.endsWith("publish.yml")).map((r) => r.head_sha)).toEqual([
      model.mainSha,
    ]);
    expect((await runSweep(github.url, APP_TOKEN)).failed).toBe(false);
    expect(model.dispatches.filter((d) => d.workflow === "publish.yml")).toEqual([]);
  });

  it("with GITHUB_TOKEN alone: the same five, through Validate dispatched on each group, which GitHub starts no run for", async () => {
    const prs = board();
    const flow = new QueueWorkflows(model, github, queue, TOKEN);
    const done = await flow.enqueue();
    expect(queue.entries.map((e) => e.pull)).toEqual(numbers(prs.green));
    expect(queue.events.map((e) => e.runs.length)).toEqual([0, 0, 0, 0, 0]);
    expect(model.dispatches.map((d) => [d.workflow, d.ref, d.inputs])).toEqual(
      queue
        .groups()
        .map((g) => [
          "validate.yml",
          g.headRef.replace("refs/heads/", ""),
          { pull_request: String(g.pulls.at(-1)), base_sha: g.baseSha, group_head: g.headSha },
        ]),
    );
    expect(done.summary).toContain(
      "Queued 5 of 8 open pull requests, oldest first; Validate started on 5 merge groups.",
    );

    await flow.drain();
    expect(prs.green.map((p) => p.merged)).toEqual([true, true, true, true, true]);
    expect(flow.validated.map((v) => [v.run.event, v.validate.failed, v.report.failed])).toEqual(
      prs.green.map(() => ["workflow_dispatch", false, false]),
    );
    expect(queue.removals).toEqual([]);
    // The queue merged as GITHUB_TOKEN, whose push starts no workflow: the Sweep starts Publish,
    // once, for the merged group at main's head.
    expect(model.runs.some((r) => r.path.endsWith("publish.yml"))).toBe(false);
    const before = model.dispatches.length;
    const swept = await runSweep(github.url, TOKEN);
    expect(swept.log).toContain("a merge group the queue merged that no Publish run built: Publish started");
    const published = model.dispatches.slice(before).filter((d) => d.workflow === "publish.yml");
    expect(published.map((d) => d.ref)).toEqual(["main"]);
    // Once: the run GitHub creates for the dispatch stands on main's head.
    model.startRun({
      path: ".github/workflows/publish.yml",
      event: "workflow_dispatch",
      head_sha: model.mainSha,
      head_branch: "main",
      head_repository: "org/sprint",
    });
    await runSweep(github.url, TOKEN);
    expect(model.dispatches.filter((d) => d.workflow === "publish.yml")).toHaveLength(1);
  });

  it("holds GitHub's rule: an entry GITHUB_TOKEN enqueued, with no dispatch, times out; the workflow's dispatch merges it", async () => {
    const [pr] = [pull("ada", "t1", GREEN)];
    const enqueue = `mutation Enqueue($id: ID!) { enqueuePullRequest(input: { pullRequestId: $id }) { mergeQueueEntry { position } } }`;
    await fetch(`${github.url}/graphql`, {
      method: "POST",
      headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ query: enqueue, variables: { id: pullNodeId(pr!.number) } }),
    });
    const flow = new QueueWorkflows(model, github, queue, TOKEN);
    await flow.drain();
    expect(flow.validated).toEqual([]);
    model.now += 61 * 60_000;
    queue.tick();
    expect(queue.removals.map((r) => [r.pull, r.reason])).toEqual([
      [pr!.number, "timed out waiting for status checks"],
    ]);

    await flow.enqueue();
    await flow.drain();
    expect(pr!.merged).toBe(true);
  });
});
