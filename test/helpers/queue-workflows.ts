import { groupCheckout } from "./final-hour/group-checkout.ts";
import { join } from "node:path";
import { Octokit } from "@octokit/rest";
import { run as enqueueRun, type EnqueueOptions } from "../../generator/github/enqueue/run.ts";
import { run as reportRun } from "../../generator/github/report/run.ts";
import { run as validateRun } from "../../generator/github/validate/run.ts";
import { runInProcess, type InProcessRun } from "./action-in-process.ts";
import { EXAMPLE, tempDir } from "./fixture-root.ts";
import {
  REPOSITORY,
  type RunningModel,
  type WorkflowRun,
  GithubModel,
  startGithubModel,
} from "./github-model/github-model.ts";
import { enableMergeQueue, type MergeQueue } from "./github-model/merge-queue.ts";
import { filesWithForms } from "./default-branch.ts";
import { workflowDispatchEvent, workflowRunEvent } from "./github-model/webhook-events.ts";
import { enqueueRunOn, SCHEDULE_EVENT } from "./enqueue-runs.ts";
import { runSweep } from "./run-sweep.ts";

/**
 * The registry's workflows around GitHub's merge queue, as GitHub runs them, each the workflow's
 * own `run()` in this process: the enqueue step; Validate on every run GitHub started for a merge
 * group (its `merge_group` runs, none for GITHUB_TOKEN's entries) or for a dispatch of validate.yml
 * on a group's branch (`workflow_dispatch` is exempt from GITHUB_TOKEN's rule), on the group's
 * head tree; Report after each (workflow_run), with the artifact's download; the queue's reaction
 * (`tick`) after each verdict; the Sweep when nothing else is left to run, and the Reports it
 * dispatches (report.yml naming a Validate run, with that run's artifact). A group the queue has
 * since rebuilt or merged is not run (GitHub deletes its branch).
 */
/** The example's default branch on a running GitHub model, its merge queue on: the hour after's usual start. */
export async function exampleQueue(): Promise<{
  model: GithubModel;
  github: RunningModel;
  queue: MergeQueue;
}> {
  const model = new GithubModel(await filesWithForms(EXAMPLE));
  const github = await startGithubModel(model);
  return { model, github, queue: enableMergeQueue(model) };
}

export class QueueWorkflows {
  private events = 0;
  private dispatches = 0;
  /** Each Validate run's artifact directory, for a Report the Sweep starts naming the run. */
  private readonly dirs = new Map<number, string>();
  /** Dispatches of report.yml (the Sweep's) not yet run. */
  private reports: Array<{ ref: string; inputs: Record<string, string> }> = [];
  readonly validated: Array<{ run: WorkflowRun; validate: InProcessRun; report: InProcessRun }> = [];
  readonly sweeps: InProcessRun[] = [];
  /** The Reports the Sweep started. */
  readonly swept: InProcessRun[] = [];

  constructor(
    readonly model: GithubModel,
    readonly github: RunningModel,
    readonly queue: MergeQueue,
    readonly token: string,
    /** The App whose installation token `token` is, if it is one. */
    readonly appSlug = "",
  ) {}

  /** The organiser runs "Queue green pull requests" (Actions → Run workflow). */
  enqueue(options: Partial<EnqueueOptions> = {}, workspace = EXAMPLE) {
    return enqueueRunOn(this.model, "workflow_dispatch", () =>
      runInProcess(
        (env) => enqueueRun(env, { now: () => this.model.now, ...options }),
        {},
        this.env({
          DEFAULT_BRANCH: "main",
          GITHUB_EVENT_NAME: "workflow_dispatch",
          GITHUB_WORKSPACE: workspace,
        }),
      ),
    );
  }

  /** Its schedule runs it, on the default branch's checkout at `workspace` (its records/event.yaml). */
  scheduled(workspace: string, options: Partial<EnqueueOptions> = {}) {
    return enqueueRunOn(this.model, "schedule", () =>
      runInProcess(
        (env) => enqueueRun(env, { now: () => this.model.now, ...options }),
        SCHEDULE_EVENT,
        this.env({ DEFAULT_BRANCH: "main", GITHUB_EVENT_NAME: "schedule", GITHUB_WORKSPACE: workspace }),
      ),
    );
  }

  /**
   * Runs what GitHub started until nothing is left; then the Sweep, up to `sweeps` times, 10 minutes
   * apart. The runs started together are validated together; their Reports follow, and the queue
   * reacts once they are all done (several groups merge at once), or after each when `oneByOne`.
   */
  async drain({ sweeps = 0, oneByOne = false } = {}): Promise<void> {
    for (let swept = 0; ;) {
      const started = this.started();
      const reports = this.reports.splice(0);
      if (started.length === 0 && reports.length === 0) {
        if (swept++ >= sweeps || this.queue.entries.length === 0) return;
        this.model.now += 600_000;
        this.queue.tick();
        this.sweeps.push(await runSweep(this.github.url, this.token));
        continue;
      }
      const checked = [];
      for (const s of started) {
        const validate = await this.validate(s);
        checked.push({ ...s, validate });
      }
      this.queue.tick();
      for (const c of checked) {
        this.validated.push({ run: c.run, validate: c.validate, report: await this.report(c.run, c.dir) });
        if (oneByOne) this.queue.tick();
      }
      for (const r of reports) {
        this.swept.push(await this.reportDispatched(r));
        this.queue.tick();
      }
      this.queue.tick();
    }
  }

  /** The Validate runs GitHub started since the last look, for groups the queue still builds. */
  private started() {
    const live = (sha: string) => this.queue.groups().some((g) => g.headSha === sha);
    const out: Array<{ run: WorkflowRun; payload: unknown; dir: string }> = [];
    for (const e of this.queue.events.slice(this.events))
      for (const run of e.runs.filter((r) => r.path === ".github/workflows/validate.yml"))
        if (live(run.head_sha)) out.push({ run, payload: e.payload, dir: "" });
    this.events = this.queue.events.length;
    for (const d of this.model.dispatches.slice(this.dispatches)) {
      if (d.workflow === "report.yml") this.reports.push(d);
      const sha = this.model.branch(REPOSITORY, d.ref);
      if (d.workflow !== "validate.yml" || !sha || !live(sha)) continue;
      const run = this.model.startRun({
        path: ".github/workflows/validate.yml",
        event: "workflow_dispatch",
        head_sha: sha,
        head_branch: d.ref,
        head_repository: REPOSITORY,
      });
      const sender = this.model.tokens.get(this.token)!;
      out.push({
        run,
        payload: workflowDispatchEvent(this.model, "validate.yml", d.ref, d.inputs, sender),
        dir: "",
      });
    }
    this.dispatches = this.model.dispatches.length;
    return out;
  }

  private async validate(s: { run: WorkflowRun; payload: unknown; dir: string }) {
    s.dir = join(await tempDir("pr-report-"), "pr-report");
    const done = await runInProcess(validateRun, s.payload, {
      GITHUB_WORKSPACE: await groupCheckout(this.model, s.run.head_sha),
      GITHUB_SHA: s.run.head_sha,
      REPORT_DIR: s.dir,
    });
    this.model.completeRun(s.run, done.failed ? "failure" : "success");
    this.dirs.set(s.run.id, s.dir);
    return done;
  }

  private async report(run: WorkflowRun, dir: string) {
    await this.download(run.id);
    return runInProcess(
      reportRun,
      workflowRunEvent(this.model, run),
      this.env({
        REPORT_DIR: dir,
        VALIDATE_RUN_URL: `https://github.com/${REPOSITORY}/actions/runs/${run.id}`,
        ARTIFACT_DOWNLOAD: "success",
      }),
    );
  }

  /** Report as a dispatch of report.yml starts it: find-validate-run's named run, its artifact downloaded. */
  private async reportDispatched(d: { ref: string; inputs: Record<string, string> }) {
    const id = Number(d.inputs.validate_run);
    await this.download(id);
    const sender = this.model.tokens.get(this.token)!;
    return runInProcess(
      reportRun,
      workflowDispatchEvent(this.model, "report.yml", d.ref, d.inputs, sender),
      this.env({
        REPORT_DIR: this.dirs.get(id) ?? "",
        VALIDATE_RUN_URL: `https://github.com/${REPOSITORY}/actions/runs/${id}`,
        ARTIFACT_DOWNLOAD: "success",
      }),
    );
  }

  /** actions/download-artifact's two requests, on the token's budget. */
  private async download(runId: number) {
    const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    const octokit = new Octokit({
      auth: this.token,
      baseUrl: this.github.url,
      log: quiet,
      request: { redirect: "manual" },
    });
    const repo = { owner: "org", repo: "sprint" };
    await octokit.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: runId, name: "pr-report" });
    await octokit.rest.actions
      .downloadArtifact({ ...repo, artifact_id: runId, archive_format: "zip" })
      .catch((e: { status?: number }) => {
        if (e.status !== 302) throw e;
      });
  }

  private env(extra: Record<string, string>): Record<string, string> {
    return {
      GITHUB_API_URL: this.github.url,
      GITHUB_TOKEN: this.token,
      APP_SLUG: this.appSlug,
      REGISTRY_RETRY_BASE_MS: "0",
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ...extra,
    };
  }
}
