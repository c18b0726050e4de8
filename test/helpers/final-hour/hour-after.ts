import { join } from "node:path";
import { run as enqueueRun } from "../../../generator/github/enqueue/run.ts";
import { OWNERSHIP_CONTEXT, run as reportRun } from "../../../generator/github/report/run.ts";
import { run as validateRun } from "../../../generator/github/validate/run.ts";
import { runInProcess, type InProcessRun } from "../action-in-process.ts";
import { enqueueRunOn, SCHEDULE_EVENT } from "../enqueue-runs.ts";
import { EXAMPLE, tempDir } from "../fixture-root.ts";
import {
  REPOSITORY,
  user,
  type GithubModel,
  type RunningModel,
  type WorkflowRun,
} from "../github-model/github-model.ts";
import type { MergeQueue } from "../github-model/merge-queue.ts";
import { workflowDispatchEvent, workflowRunEvent } from "../github-model/webhook-events.ts";
import { groupCheckout } from "./group-checkout.ts";
import { Rush, START_MINUTES, VALIDATE_MINUTES } from "./rush.ts";

const VALIDATE = ".github/workflows/validate.yml";
const minute = 60_000;

/** What one Report on a merge group cost the token, from the model's count, and what it set. */
export interface GroupReport {
  pulls: number[];
  headSha: string;
  state: string | undefined;
  rest: number;
  graphql: number;
  at: number;
}

/** One organiser's action: a run of Queue green pull requests, or an approval. */
export interface OrganiserAction {
  at: number;
  what: "enqueue" | "approve";
  summary: string;
}

/**
 * The hour after the deadline on the GitHub model's clock, beside the rush (rush.ts): GitHub's merge
 * queue reacts before every step (queue.tick: verdicts, merges, removals, timeouts, rebuilt groups);
 * each merge_group run GitHub starts (an entry the App or a person enqueued), and each Validate
 * dispatched on a group's branch (GITHUB_TOKEN's entries, by Queue green pull requests, Report or the
 * Sweep), is the real validator on the group's head for VALIDATE_MINUTES, then Report a minute
 * later, each the workflow's own `run()`. Publish is not run. The organiser's clicks are counted.
 */
export class HourAfter extends Rush {
  readonly groupReports: GroupReport[] = [];
  readonly organiser: OrganiserAction[] = [];
  /** Queue green pull requests' scheduled runs, in order. */
  readonly scheduled: InProcessRun[] = [];
  private groupEvents = 0;
  /** Each group Validate run's artifact directory, for a Report the Sweep starts naming the run. */
  private readonly groupDirs = new Map<number, string>();

  constructor(
    model: GithubModel,
    github: RunningModel,
    token: string,
    appSlug: string,
    readonly mergeQueue: MergeQueue,
    /** GitHub's content-creating requests an hour, as the test divides them. */
    private readonly writesPerHour: number,
  ) {
    super(model, github, token, appSlug);
  }

  /** Actions → Queue green pull requests → Run workflow, by the organiser. */
  async queueGreen(): Promise<void> {
    const organiser = user("organiser");
    const done = await enqueueRunOn(this.model, "workflow_dispatch", () =>
      runInProcess(
        (env) => enqueueRun(env, { writesPerHour: this.writesPerHour, now: () => this.model.now }),
        workflowDispatchEvent(this.model, "enqueue.yml", "main", {}, organiser),
        this.env({
          DEFAULT_BRANCH: "main",
          GITHUB_EVENT_NAME: "workflow_dispatch",
          GITHUB_WORKSPACE: EXAMPLE,
        }),
      ),
    );
    this.organiser.push({ at: this.model.now, what: "enqueue", summary: done.summary });
    this.note("queue green pull requests", done);
  }

  /** The same workflow on its schedule (every 10 minutes at :03, :13, …), from `from` to `to`. */
  queueOnSchedule(from: number, to: number, workspace: string): void {
    for (let t = from; t <= to; t += 10 * minute)
      this.at(t, "queue green pull requests (schedule)", async () => {
        const done = await enqueueRunOn(this.model, "schedule", () =>
          runInProcess(
            (env) => enqueueRun(env, { writesPerHour: this.writesPerHour, now: () => this.model.now }),
            SCHEDULE_EVENT,
            this.env({ DEFAULT_BRANCH: "main", GITHUB_EVENT_NAME: "schedule", GITHUB_WORKSPACE: workspace }),
          ),
        );
        this.scheduled.push(done);
        this.note("queue green pull requests (schedule)", done);
      });
  }

  /** An organiser approves a pull request's head (a review); Review and Report are not driven here. */
  approve(pull: number, login = "organiser"): void {
    this.model.review(pull, login, "APPROVED");
    this.organiser.push({ at: this.model.now, what: "approve", summary: `#${pull}` });
  }

  /**
   * A team member presses "Update branch" (REST pulls/update-branch, with their own token): GitHub
   * merges the base into the head branch, a new head whose Validate starts now. GitHub's answer.
   */
  async updateBranch(pull: number): Promise<number> {
    const pr = this.model.pull(pull)!;
    const token = `ghu_${pr.user.login}`;
    this.model.tokens.set(token, pr.user);
    const answer = await fetch(`${this.github.url}/repos/${REPOSITORY}/pulls/${pull}/update-branch`, {
      method: "PUT",
      headers: { authorization: `token ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ expected_head_sha: pr.head.sha }),
    });
    if (answer.status === 202) this.validate(pull, pr.head.sha, "pull_request", pr.head.ref, pr.head.repo);
    return answer.status;
  }

  /** What GitHub started during the last step (its dispatches); then the queue reacts to what it left. */
  protected override take(): void {
    super.take();
    this.mergeQueue.tick();
    for (const event of this.mergeQueue.events.slice(this.groupEvents)) {
      const run = event.runs.find((r) => r.path === VALIDATE);
      if (run) this.checkGroup(run, event.payload);
    }
    this.groupEvents = this.mergeQueue.events.length;
  }

  /** Validate dispatched on a merge group's branch: GitHub creates its run now. */
  protected override start(d: GithubModel["dispatches"][number]): void {
    // Report the Sweep started for a group no Report judged: a minute later, on that run's artifact.
    if (d.workflow === "report.yml" && d.inputs.head_branch?.startsWith("gh-readonly-queue/")) {
      const run = this.model.runs.find((r) => r.id === Number(d.inputs.validate_run))!;
      const dir = this.groupDirs.get(run.id) ?? "";
      this.at(
        this.model.now + START_MINUTES * minute,
        `report (swept) group ${run.head_sha.slice(0, 7)}`,
        () => this.reportGroup(run, dir, d.inputs),
      );
      return;
    }
    if (d.workflow !== "validate.yml" || !d.ref.startsWith("gh-readonly-queue/")) return super.start(d);
    // The run checks out the commit the branch named when dispatched (the group's head).
    const sha = this.model.branch(REPOSITORY, d.ref) ?? d.inputs.group_head!;
    const run = this.model.startRun({
      path: VALIDATE,
      event: "workflow_dispatch",
      head_sha: sha,
      head_branch: d.ref,
      head_repository: REPOSITORY,
    });
    const sender = this.model.tokens.get(this.token)!;
    this.checkGroup(run, workflowDispatchEvent(this.model, "validate.yml", d.ref, d.inputs, sender));
  }

  /** Validate on a group's head (the real validator), then Report on its run a minute later. */
  private checkGroup(run: WorkflowRun, payload: Record<string, unknown>): void {
    const label = `group ${run.head_sha.slice(0, 7)}`;
    this.at(this.model.now + VALIDATE_MINUTES * minute, `validate ${label}`, async () => {
      const dir = join(await tempDir("pr-report-"), "pr-report");
      const validated = await runInProcess(validateRun, payload, {
        GITHUB_WORKSPACE: await groupCheckout(this.model, run.head_sha),
        GITHUB_SHA: run.head_sha,
        REPORT_DIR: dir,
      });
      // A group whose records clash fails Validate: its verdict, not the harness's failure.
      this.model.completeRun(run, validated.failed ? "failure" : "success");
      this.groupDirs.set(run.id, dir);
      this.note(`validate ${label}: ${run.conclusion}`, { failed: false, log: "" });
      this.at(this.model.now + START_MINUTES * minute, `report ${label}`, () => this.reportGroup(run, dir));
    });
  }

  /** Report after a group's Validate run (workflow_run, or the Sweep's dispatch), the artifact's download counted. */
  private async reportGroup(
    run: WorkflowRun,
    dir: string,
    dispatchInputs?: Record<string, string>,
  ): Promise<void> {
    const before = { ...this.model.limits.spentBy(this.token) };
    const downloaded = await this.download(run);
    const done = await runInProcess(
      reportRun,
      dispatchInputs ? { inputs: dispatchInputs, ref: "refs/heads/main" } : workflowRunEvent(this.model, run),
      this.env({
        REPORT_DIR: dir,
        VALIDATE_RUN_URL: `https://github.com/${REPOSITORY}/actions/runs/${run.id}`,
        ARTIFACT_DOWNLOAD: downloaded ? "success" : "failure",
        ...(dispatchInputs ? { DEFAULT_BRANCH: "main" } : {}),
      }),
    );
    const after = this.model.limits.spentBy(this.token);
    const event = this.mergeQueue.events.find((e) => e.group.headSha === run.head_sha);
    this.groupReports.push({
      pulls: event?.group.pulls ?? [],
      headSha: run.head_sha,
      state: this.model.status(run.head_sha, OWNERSHIP_CONTEXT)?.state,
      rest: after.rest - before.rest,
      graphql: after.graphql - before.graphql,
      at: this.model.now,
    });
    this.note(`report group ${run.head_sha.slice(0, 7)}`, done);
  }
}
