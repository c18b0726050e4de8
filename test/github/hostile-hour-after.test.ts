import { groupCheckout } from "../helpers/final-hour/group-checkout.ts";
import { join } from "node:path";
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run as reportRun } from "../../generator/github/report/run.ts";
import { run as validateRun } from "../../generator/github/validate/run.ts";
import { runInProcess } from "../helpers/action-in-process.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import {
  ACTIONS_BOT,
  APP_TOKEN,
  GithubModel,
  REPOSITORY,
  user,
  type Pull,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { type GroupEvent, type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { workflowRunEvent } from "../helpers/github-model/webhook-events.ts";
import { GREEN, OWNERSHIP, section, teamPull } from "../helpers/queue-board.ts";
import { finished, forkPull, reportOf, runReport } from "../helpers/report-harness.ts";
import { exampleQueue, QueueWorkflows } from "../helpers/queue-workflows.ts";
import { runSweep } from "../helpers/run-sweep.ts";

/**
 * A hostile review of the hour after (issue 55): each test is an attack a participant can make on
 * the merge queue, "Queue green pull requests", lateness dated by content or Publish, on the
 * GitHub model, with the registry's own workflow code.
 */
let model: GithubModel;
let github: RunningModel;
let queue: MergeQueue;

beforeEach(async () => {
  ({ model, github, queue } = await exampleQueue());
});
afterEach(() => github.close());

/** Validate (the real validator on the group's head) and then Report, on one merge group GitHub built. */
async function checkGroup(event: GroupEvent) {
  const run = event.runs.find((r) => r.path === ".github/workflows/validate.yml")!;
  const dir = join(await tempDir("pr-report-"), "pr-report");
  const root = await groupCheckout(model, event.group.headSha);
  const validated = await runInProcess(validateRun, event.payload, {
    GITHUB_WORKSPACE: root,
    REPORT_DIR: dir,
  });
  model.completeRun(run, validated.failed ? "failure" : "success");
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const octokit = new Octokit({
    auth: APP_TOKEN,
    baseUrl: github.url,
    log: quiet,
    request: { redirect: "manual" },
  });
  const repo = { owner: "org", repo: "sprint" };
  await octokit.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: run.id, name: "pr-report" });
  await octokit.rest.actions
    .downloadArtifact({ ...repo, artifact_id: run.id, archive_format: "zip" })
    .catch((e: { status?: number }) => expect(e.status).toBe(302));
  await runInProcess(reportRun, workflowRunEvent(model, run), {
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: APP_TOKEN,
    APP_SLUG: "registry-app",
    REGISTRY_RETRY_BASE_MS: "0",
    REPORT_DIR: dir,
    VALIDATE_RUN_URL: `https://github.com/${REPOSITORY}/actions/runs/${run.id}`,
    ARTIFACT_DOWNLOAD: "success",
    PATH: process.env.PATH ?? "/usr/bin:/bin",
  });
  return model.status(event.group.headSha, OWNERSHIP);
}

describe("hostile review: a merge group's verdict lent to a pull request", () => {
  /**
   * Two green pull requests are queued; Report sets `success` on the group built for the second
   * (which carries the first too); the organiser then removes the first from the queue (a team they
   * disqualified), so GitHub discards that group and never merges it. Its commit stays on GitHub
   * with Report's green status, and any branch of the network can point at it.
   */
  async function discardedGreenGroup() {
    const dropped = teamPull(model, "ada", "t1", GREEN);
    const kept = teamPull(model, "bo", "t2", GREEN);
    queue.enqueue(dropped.number, user("organiser"));
    queue.enqueue(kept.number, user("organiser"));
    const both = queue.events.find((e) => e.group.pulls.length === 2)!;
    expect((await checkGroup(both))?.state).toBe("success");
    queue.dequeue(dropped.number, user("organiser"));
    expect(queue.groups().some((g) => g.headSha === both.group.headSha)).toBe(false);
    // A stranger's pull request whose head is that group commit: its own Validate run has not
    // reached Report yet (a first-time contributor's run waits for approval, or is slow).
    model.setBranch("mallory/sprint", "borrowed", both.group.headSha);
    const borrowed = model.openPull("mallory", "mallory:borrowed", "main", "Our project");
    return { dropped, kept, borrowed };
  }

  // FINDING: classify.ts counts any `success` Report set on the head as a pull request's green
  // verdict, and a merge group's verdict is one too: a pull request whose head is a group commit
  // Report judged is queued, and merges a pull request the organiser removed from the queue.
  it("Queue green pull requests does not queue a pull request whose head is a merge group's commit", async () => {
    const { borrowed } = await discardedGreenGroup();
    const flow = new QueueWorkflows(model, github, queue, APP_TOKEN, "registry-app");
    const run = await flow.enqueue();
    expect(run.failed).toBe(false);
    expect(queue.entry(borrowed.number)).toBeUndefined();
    expect(section(run.summary, "No verdict yet")).toContainEqual([
      borrowed.number,
      expect.stringContaining("merge group's commit"),
    ]);
  });

  // FINDING: judgeGroup takes the same status as the entry's green verdict: queued by hand, the
  // pull request's group is green and GitHub merges the removed team's record.
  it("fails the group of a pull request whose head carries a merge group's verdict, not a pull request's", async () => {
    const { dropped, borrowed } = await discardedGreenGroup();
    queue.enqueue(borrowed.number, user("organiser"));
    const flow = new QueueWorkflows(model, github, queue, APP_TOKEN, "registry-app");
    await flow.drain();
    expect(borrowed.merged ?? false).toBe(false);
    expect(model.git.get(model.mainSha).tree.has("records/teams/t1.yaml")).toBe(false);
    expect(dropped.merged ?? false).toBe(false);
    expect(queue.removals.filter((r) => r.pull === borrowed.number).map((r) => r.reason)).toEqual([
      "failed status checks",
    ]);
    const told = model.comments.filter((c) => c.issue === borrowed.number).map((c) => c.body);
    expect(told.join("\n")).toContain(`\\#${borrowed.number}'s head has no green ownership verdict`);
  });
});

describe("hostile review: whose status is Report's", () => {
  // FINDING: GitHub's GraphQL names a bot without REST's "[bot]" (`github-actions`), and the model
  // spelled it as REST does: on GitHub no status, enqueuer or comment of Report's matched, so the
  // queue merged nothing and Report never found its own comment. A bot is now told by its
  // __typename; a person who holds the App's bare name (GitHub lets an App's owner name it after
  // their account) is a person, and their status is no verdict.
  it("takes a status set by a person named as the App for no verdict, and the App's own for one", async () => {
    const forged = teamPull(model, "ada", "t1", GREEN, { by: user("registry-app") });
    const real = teamPull(model, "bo", "t2", GREEN, { by: user("registry-app[bot]") });
    const flow = new QueueWorkflows(model, github, queue, APP_TOKEN, "registry-app");
    const run = await flow.enqueue();
    expect(queue.entries.map((e) => e.pull)).toEqual([real.number]);
    expect(section(run.summary, "No verdict yet")).toContainEqual([
      forged.number,
      expect.stringContaining("not by Report"),
    ]);
  });
});

describe("hostile review: lateness dated by content (held)", () => {
  // The example event closes submissions at 14:00 CET (13:00Z); drone-dojo (mnowak) has no extension.
  const SWARM = "records/projects/swarm-lights.yaml";
  const DOJO = "records/teams/drone-dojo.yaml";
  const at = (utc: string) => (model.now = Date.parse(utc));
  const shown = (pr: Pull) => {
    const s = model.status(pr.head.sha, OWNERSHIP);
    return `${s?.state}: ${s?.description}`;
  };
  const text = (path: string) => model.git.get(model.mainSha).tree.get(path)!;
  async function validate(pr: Pull) {
    const done = finished(model, pr);
    const run = await runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
    expect(run.code, run.stderr).toBe(0);
  }
  /** mnowak's edit of his project, validated at 13:50 CET: on time. */
  async function onTime() {
    at("2026-12-06T12:50:00Z");
    const pr = forkPull(
      model,
      "mnowak",
      { [SWARM]: text(SWARM).replace(/^title: .*$/m, "title: On time") },
      {
        branch: "edit",
      },
    );
    await validate(pr);
    expect(shown(pr)).toBe("success: mnowak may make every change");
    return pr;
  }

  it("dates only the record whose blob GitHub saw: an on-time commit merged in lends nothing to a new change beside it", async () => {
    const first = await onTime();
    at("2026-12-06T13:20:00Z");
    // A new branch from the on-time head (its commit and Validate run are in this pull request's history)
    // with one more change: a member added after submissions closed.
    model.setBranch("mnowak/sprint", "second", first.head.sha);
    model.push("mnowak/sprint", "second", {
      [DOJO]: text(DOJO).replace("members:\n", "members:\n  - name: Late Friend\n    github: latefriend\n"),
    });
    const pr = model.openPull("mnowak", "mnowak:second");
    await validate(pr);
    expect(shown(pr)).toMatch(/^failure: late: validated Sun 6 Dec 2026, 14:20 CET; submissions closed/);
  });

  it("stays late, never green, when the commit that was validated in time is older than the 30 read", async () => {
    const pr = await onTime();
    at("2026-12-06T13:20:00Z");
    // 32 commits in one push (one Validate run, for the head), adding and removing a scratch file,
    // so the pull request still changes only the on-time record.
    for (let i = 0; i < 32; i++)
      model.push("mnowak/sprint", "edit", {
        "records/projects/scratch.yaml": i % 2 === 0 ? "title: x\n" : null,
      });
    await validate(pr);
    expect(github.requests.filter((r) => r.operationName === "ContentSeen")).toHaveLength(1);
    expect(shown(pr)).toMatch(/^failure: late: validated Sun 6 Dec 2026, 14:20 CET/);
  });

  it("lends no other team's on-time blob: the same bytes added by someone they do not list are refused", async () => {
    at("2026-12-06T12:50:00Z");
    const theirs = "title: Gripper Demo\ntagline: x\ndescription: x\nteam: []\nteamSlug: gripper-gang\n";
    const on = forkPull(model, "lenafischer", { "records/projects/gripper-demo.yaml": theirs });
    await validate(on);
    at("2026-12-06T13:20:00Z");
    // mnowak merges her on-time commit into his branch and brings the very blob.
    model.setBranch("mnowak/sprint", "copy", on.head.sha);
    model.push("mnowak/sprint", "copy", { "records/projects/scratch.yaml": "title: x\n" });
    model.push("mnowak/sprint", "copy", { "records/projects/scratch.yaml": null });
    const pr = model.openPull("mnowak", "mnowak:copy");
    await validate(pr);
    expect(shown(pr)).toBe("failure: 1 change(s) need an organiser");
  });
});

describe("hostile review: a pull request opened on a merge group's commit", () => {
  // FINDING: Report's verdict is per commit, and judges every open pull request with the head: a
  // stranger who opens a pull request whose head is a live group's commit gets Report's refusal
  // written on that commit (not theirs to bring), and GitHub removes the entry the group was built
  // for ("failed status checks"), at the busiest moment, for the price of one pull request a group.
  it("leaves the group's status to the group's Report: the queued pull request still merges", async () => {
    const pr = teamPull(model, "ada", "t1", GREEN);
    queue.enqueue(pr.number, user("registry-app[bot]"));
    const group = queue.groups()[0]!;
    model.setBranch("mallory/sprint", "grief", group.headSha);
    const grief = model.openPull("mallory", "mallory:grief", "main", "Hello");
    const done = finished(model, grief);
    const run = await runReport(github.url, reportOf(model, grief), done.event, {
      VALIDATE_RUN_URL: done.url,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(model.status(group.headSha, OWNERSHIP)?.state).not.toBe("failure");
    await new QueueWorkflows(model, github, queue, APP_TOKEN, "registry-app").drain();
    expect(queue.removals).toEqual([]);
    expect(model.pull(pr.number)!.merged).toBe(true);
  });

  // FINDING: queue-groups.ts took any Validate suite on a group's head for the group's own run: a
  // stranger's pull request on a GITHUB_TOKEN group's commit (its run waiting for a first-time
  // contributor's approval is enough) made the Sweep, Report and the enqueue run never dispatch
  // Validate on that group, so GitHub dropped the entry at its timeout.
  it("still starts Validate on a GITHUB_TOKEN group when a stranger's pull request runs Validate on its commit", async () => {
    const pr = teamPull(model, "ada", "t1", GREEN);
    queue.enqueue(pr.number, ACTIONS_BOT);
    const group = queue.groups()[0]!;
    model.setBranch("mallory/sprint", "grief", group.headSha);
    const grief = model.openPull("mallory", "mallory:grief", "main", "Hello");
    model.startRun({
      path: ".github/workflows/validate.yml",
      event: "pull_request",
      head_sha: grief.head.sha,
      head_branch: "grief",
      head_repository: "mallory/sprint",
    });
    expect((await runSweep(github.url)).failed).toBe(false);
    expect(model.dispatches.filter((d) => d.workflow === "validate.yml").map((d) => d.ref)).toEqual([
      group.headRef.replace(/^refs\/heads\//, ""),
    ]);
  });
});
