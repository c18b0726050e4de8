import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CARRY_ON_HOURS } from "../../generator/github/enqueue/carry-on.ts";
import { EXAMPLE, tempDir } from "../helpers/fixture-root.ts";
import {
  APP_TOKEN,
  GithubModel,
  REPOSITORY,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { GREEN, numbers, teamPull } from "../helpers/queue-board.ts";
import { exampleQueue, QueueWorkflows } from "../helpers/queue-workflows.ts";

/**
 * Queue green pull requests on its schedule (carry-on.ts): it carries on, for a day, a run an
 * organiser started by hand after submissions closed, so what the hour's writes left is queued
 * without another click; it queues nothing before that run, for a run before the deadline, a
 * cancelled one, or one older than a day. The example's submissions close 2026-12-06 13:00 UTC.
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
});
afterEach(() => github.close());

/** Five green pull requests opened before the deadline. */
function fiveGreen() {
  model.now = CLOSED - 30 * minute;
  return ["ada", "bo", "cy", "di", "ed"].map((who, i) => teamPull(model, who, `t${i + 1}`, GREEN));
}
const enqueued = () => queue.entries.map((e) => e.pull);
const mutations = () =>
  github.requests.filter((r) => r.body && String(JSON.stringify(r.body)).includes("enqueuePullRequest"));

describe("Queue green pull requests on its schedule", () => {
  it("queues nothing until an organiser has run it after submissions closed, and says so", async () => {
    const prs = fiveGreen();
    model.now = CLOSED - 5 * minute;
    const early = await flow.scheduled(EXAMPLE);
    expect(early.summary).toBe("Nothing queued on schedule: submissions have not closed yet.\n");
    model.now = CLOSED + 3 * minute;
    const before = await flow.scheduled(EXAMPLE);
    expect(before.failed).toBe(false);
    expect(before.summary).toContain("no organiser has run it by hand since submissions closed");
    expect(before.summary).toContain("Actions → Queue green pull requests → Run workflow");
    expect(enqueued()).toEqual([]);
    expect(mutations()).toEqual([]);
    expect(prs.every((p) => p.state === "open")).toBe(true);
  });

  it("carries on the organiser's run: the pull requests the hour's writes left are queued by the schedule", async () => {
    const prs = fiveGreen();
    model.now = CLOSED + minute;
    // Writes for two pull requests this hour (2 writes each, a tenth kept back): the rest is left.
    const first = await flow.enqueue({ writesPerHour: 5 }, EXAMPLE);
    expect(enqueued()).toEqual(numbers(prs.slice(0, 2)));
    expect(first.summary).toContain("## Green, left for the next run (3)");
    // Submissions have closed: the board says the schedule goes on, not "run it again".
    expect(first.summary).toContain("the schedule runs this every 10 minutes and goes on as they come back");
    expect(first.summary).toContain("Nothing to do: the schedule queues them as the writes come back.");
    expect(first.summary).not.toContain("Run this workflow again");
    // While those two are in the queue the schedule waits: the writes go to their verdicts first.
    model.now = CLOSED + 3 * minute;
    const waiting = await flow.scheduled(EXAMPLE);
    expect(waiting.failed).toBe(false);
    expect(waiting.summary).toContain(
      "**3 left to queue**: 2 pull requests still in the queue; the schedule adds these once it has emptied",
    );
    expect(enqueued()).toEqual(numbers(prs.slice(0, 2)));
    await flow.drain();
    expect(prs.map((p) => p.merged ?? false)).toEqual([true, true, false, false, false]);

    model.now = CLOSED + 13 * minute;
    const carried = await flow.scheduled(EXAMPLE);
    expect(carried.failed).toBe(false);
    const started = new Date(CLOSED + minute).toISOString().replace(".000", "");
    expect(carried.log).toContain(`Carrying on the run an organiser started at ${started}`);
    expect(enqueued()).toEqual(numbers(prs.slice(2)));
    await flow.drain();
    expect(prs.map((p) => p.merged)).toEqual([true, true, true, true, true]);
  });

  it("does not carry on a run from before the deadline, a cancelled run, or one more than a day old", async () => {
    fiveGreen();
    model.now = CLOSED - 10 * minute;
    await flow.enqueue({ writesPerHour: 0 });
    model.now = CLOSED + 3 * minute;
    expect((await flow.scheduled(EXAMPLE)).summary).toContain("no organiser has run it by hand since");

    model.now = CLOSED + 5 * minute;
    await flow.enqueue({ writesPerHour: 0 });
    const ran = model.runs.find((r) => r.event === "workflow_dispatch" && r.path.endsWith("enqueue.yml"))!;
    model.completeRun(ran, "cancelled");
    expect((await flow.scheduled(EXAMPLE)).summary).toContain("no organiser has run it by hand since");

    model.now = CLOSED + 10 * minute;
    await flow.enqueue({ writesPerHour: 0 });
    model.now = CLOSED + 10 * minute + CARRY_ON_HOURS * 60 * minute + minute;
    const stale = await flow.scheduled(EXAMPLE);
    expect(stale.summary).toContain(`in the last ${CARRY_ON_HOURS} hours`);
    expect(enqueued()).toEqual([]);
  });

  it("queues nothing when the checkout's event cannot be read, and says why", async () => {
    fiveGreen();
    model.now = CLOSED + minute;
    await flow.enqueue({ writesPerHour: 0 });
    const bare = await tempDir("no-event-");
    const broken = await tempDir("bad-event-");
    await cp(join(EXAMPLE, "records"), join(broken, "records"), { recursive: true });
    await rm(join(broken, "records/event.yaml"));
    for (const root of [bare, broken]) {
      const done = await flow.scheduled(root);
      expect(done.summary).toBe(
        "Nothing queued on schedule: records/event.yaml could not be read, so it is not known when submissions closed.\n",
      );
    }
    expect(enqueued()).toEqual([]);
    expect(REPOSITORY).toBe("org/sprint");
  });
});
