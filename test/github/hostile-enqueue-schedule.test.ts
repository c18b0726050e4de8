import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import {
  APP_TOKEN,
  GithubModel,
  REPOSITORY,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { GREEN, teamPull } from "../helpers/queue-board.ts";
import { exampleQueue, QueueWorkflows } from "../helpers/queue-workflows.ts";

/**
 * Review R1: Queue green pull requests' schedule (carry-on.ts) attacked. Only an organiser's run of
 * the workflow on the default branch starts the carry-on; and once GitHub has refused a write for
 * its hourly content limit, the schedule's next runs should not write again before GitHub's
 * `retry-after` (GitHub: "do not retry until after that many seconds"; continuing may ban the
 * integration). The example's submissions close 2026-12-06 13:00 UTC.
 */
const CLOSED = Date.parse("2026-12-06T13:00:00Z");
const minute = 60_000;
let model: GithubModel;
let github: RunningModel;
let queue: MergeQueue;
let flow: QueueWorkflows;

beforeEach(async () => {
  ({ model, github, queue } = await exampleQueue());
  flow = new QueueWorkflows(model, github, queue, APP_TOKEN, "registry-app");
  model.now = CLOSED - 30 * minute;
  ["ada", "bo", "cy"].forEach((who, i) => teamPull(model, who, `t${i + 1}`, GREEN));
});
afterEach(() => github.close());

const enqueueMutations = () =>
  github.requests.filter((r) => r.operationName === "Enqueue" && r.authorization === `token ${APP_TOKEN}`);

describe("Queue green pull requests' schedule, attacked", () => {
  it("is not carried on by a run someone started from another branch (its job runs nothing there)", async () => {
    // "Use workflow from: try-out": GitHub makes the run (listed under enqueue.yml, event
    // workflow_dispatch) though the job's `if` skips it on any branch but the default one.
    model.now = CLOSED + minute;
    const run = model.startRun({
      path: ".github/workflows/enqueue.yml",
      event: "workflow_dispatch",
      head_sha: model.branch(REPOSITORY, "main")!,
      head_branch: "try-out",
      head_repository: REPOSITORY,
      status: "in_progress",
    });
    model.completeRun(run, "skipped");
    model.now = CLOSED + 3 * minute;
    const scheduled = await flow.scheduled(EXAMPLE);
    expect(scheduled.summary).toContain("no organiser has run it by hand since submissions closed");
    expect(enqueueMutations()).toEqual([]);
  });

  it("leaves a green draft alone (GitHub merges no draft), and the board says why", async () => {
    const draft = teamPull(model, "dee", "t4", GREEN);
    draft.draft = true;
    model.now = CLOSED + minute;
    const queued = await flow.enqueue({}, EXAMPLE);
    expect(queue.entries.map((e) => e.pull)).toEqual([1, 2, 3]);
    expect(enqueueMutations()).toHaveLength(3);
    expect(queued.summary).toContain("## No verdict yet (1)");
    expect(queued.summary).toContain("a draft\\: GitHub merges it once its author marks it ready for review");
    // GitHub refuses to merge a draft, by REST as by GraphQL (the model holds it).
    const merge = await fetch(`${github.url}/repos/${REPOSITORY}/pulls/${draft.number}/merge`, {
      method: "PUT",
      headers: { authorization: `token ${APP_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ sha: draft.head.sha, merge_method: "merge" }),
    });
    expect([merge.status, ((await merge.json()) as { message: string }).message]).toEqual([
      405,
      "Pull Request is still a draft",
    ]);
    expect(draft.merged ?? false).toBe(false);
  });

  // A refused run leaves GitHub's time as a warning (an annotation on its job); the next scheduled
  // run reads it (last-refusal.ts) and sends nothing before then.
  it("writes nothing before the retry-after of GitHub's last refusal of its writes", async () => {
    model.limits.set(APP_TOKEN, { writesPerHour: 1 });
    // The hour's one write goes elsewhere first (a Report's status, say).
    model.now = CLOSED;
    const spent = await fetch(`${github.url}/repos/${REPOSITORY}/issues/1/comments`, {
      method: "POST",
      headers: { authorization: `token ${APP_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ body: "a write" }),
    });
    expect(spent.status).toBe(201);
    model.now = CLOSED + minute;
    const first = await flow.enqueue({}, EXAMPLE);
    expect(first.failed).toBe(false);
    expect(first.summary).toContain("the hour's writes are spent");
    const refusedAt = model.limits.refusals.length;
    expect(refusedAt).toBe(1);
    expect(queue.entries).toEqual([]);
    const tried = enqueueMutations().length;
    // Ten minutes on, GitHub's hour has not freed a write: the schedule should wait, not write.
    model.now = CLOSED + 13 * minute;
    const next = await flow.scheduled(EXAMPLE);
    expect(next.failed).toBe(false);
    expect(enqueueMutations().length).toBe(tried);
    expect(model.limits.refusals.length).toBe(refusedAt);
  });
});
