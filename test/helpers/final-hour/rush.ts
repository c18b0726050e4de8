import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Octokit } from "@octokit/rest";
import { run as intakeRun } from "../../../generator/github/intake/run.ts";
import { run as reportRun } from "../../../generator/github/report/run.ts";
import { artifactFor, REPORT_FILE } from "../../../generator/report/report-artifact.ts";
import { runInProcess } from "../action-in-process.ts";
import { checkoutCommit } from "../default-branch.ts";
import { runSweep } from "../run-sweep.ts";
import { exampleRoot, tempDir } from "../fixture-root.ts";
import {
  REPOSITORY,
  type GithubModel,
  type Issue,
  type RunningModel,
  type WorkflowRun,
} from "../github-model/github-model.ts";
import { issuesEvent, workflowRunEvent } from "../github-model/webhook-events.ts";

/** Minutes from a push to its Validate run's end, and from a dispatch or an event to its run. */
export const VALIDATE_MINUTES = 3;
export const START_MINUTES = 1;
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * The workflows of an event's repository, driven on the GitHub model's clock: a push to a pull
 * request starts Validate (a newer push cancels it, as its concurrency says), whose end starts
 * Report; an issue starts Intake; every dispatch a run makes starts the workflow it names; the
 * Sweep runs every 10 minutes at :04. Each run is the workflow's own `run()`, in this process.
 */
export class Rush {
  private queue: Array<{ at: number; seq: number; label: string; go: () => Promise<void> }> = [];
  private seq = 0;
  private dispatched = 0;
  readonly log: string[] = [];
  readonly failures: string[] = [];

  constructor(
    readonly model: GithubModel,
    readonly github: RunningModel,
    readonly token: string,
    /** The App whose installation token `token` is, if it is one: its comments are Report's own. */
    readonly appSlug = "",
  ) {}

  at(when: number, label: string, go: () => Promise<void>): void {
    this.queue.push({ at: when, seq: this.seq++, label, go });
  }

  /** Runs everything due up to `until` in time order (dispatches and sweeps as they fall due). */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      this.take();
      this.queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.queue[0];
      if (!next || next.at > until) break;
      this.queue.shift();
      this.model.now = Math.max(this.model.now, next.at);
      await next.go();
    }
    this.model.now = until;
  }

  /** The Sweep every 10 minutes at :04, :14, …, from `from` to `to`. */
  sweeps(from: number, to: number): void {
    for (let t = from; t <= to; t += 600_000)
      this.at(t, "sweep", async () => {
        this.note("sweep", await runSweep(this.github.url, this.token));
      });
  }

  /** A push to a fork's branch; with a pull request open from it, Validate starts on the new head. */
  push(author: string, branch: string, changes: Record<string, string | null>): void {
    const repo = `${author}/sprint`;
    const sha = this.model.push(repo, branch, changes);
    const pr = this.model.pulls.find(
      (p) => p.state === "open" && p.head.repo === repo && p.head.ref === branch,
    );
    if (pr) this.validate(pr.number, sha, "pull_request", branch, repo);
  }

  /** Opens the pull request from a fork's branch; Validate starts on it. */
  open(author: string, branch: string): number {
    const pr = this.model.openPull(author, `${author}:${branch}`);
    this.validate(pr.number, pr.head.sha, "pull_request", branch, pr.head.repo);
    return pr.number;
  }

  /** An issue opened from a form: Intake runs for it a minute later. */
  issue(author: string, title: string, body: string, labels: string[]): Issue {
    const issue = this.model.openIssue(author, title, body, labels);
    this.at(this.model.now + START_MINUTES * 60_000, `intake #${issue.number}`, () =>
      this.intake(issuesEvent(this.model, "opened", issue)),
    );
    return issue;
  }

  protected validate(number: number, sha: string, event: string, branch: string, repo: string): void {
    const created = this.model.isoNow();
    this.at(this.model.now + VALIDATE_MINUTES * 60_000, `validate ${sha.slice(0, 7)}`, async () => {
      const pr = this.model.pull(number)!;
      // Validate's concurrency (one per pull request, cancel-in-progress): a newer head cancelled it.
      const current = pr.state === "open" && pr.head.sha === sha;
      const run = this.model.finishRun({
        path: ".github/workflows/validate.yml",
        event,
        head_sha: sha,
        head_branch: branch,
        head_repository: repo,
        conclusion: current ? "success" : "cancelled",
        created_at: created,
      });
      if (current) await this.report(run, number);
    });
  }

  /** Report after a Validate run, or as the sweep dispatched it: the artifact download, then the step. */
  private async report(
    run: WorkflowRun,
    number: number,
    dispatchInputs?: Record<string, string>,
  ): Promise<void> {
    const dir = await tempDir("artifact-");
    const downloaded = await this.download(run);
    if (downloaded) {
      const changed = this.model.git.diff(this.model.mainSha, run.head_sha).map((f) => f.filename);
      const artifact = artifactFor(
        { number, headSha: run.head_sha, baseSha: this.model.mainSha },
        true,
        [],
        null,
        [...changed, ...changed.flatMap((path) => teamOf(this.model, run.head_sha, path))],
      );
      await writeFile(join(dir, REPORT_FILE), JSON.stringify(artifact));
    }
    const event = dispatchInputs
      ? { inputs: dispatchInputs, ref: "refs/heads/main" }
      : workflowRunEvent(this.model, run);
    const done = await runInProcess(
      reportRun,
      event,
      this.env({
        REPORT_DIR: dir,
        VALIDATE_RUN_URL: `https://github.com/${REPOSITORY}/actions/runs/${run.id}`,
        ARTIFACT_DOWNLOAD: downloaded ? "success" : "failure",
        ...(dispatchInputs ? { DEFAULT_BRANCH: "main" } : {}),
      }),
    );
    this.note(`report #${number} ${run.head_sha.slice(0, 7)}`, done);
  }

  /** actions/download-artifact's two requests (list the run's artifacts, download the one), on the token's budget. */
  protected async download(run: WorkflowRun): Promise<boolean> {
    const octokit = new Octokit({
      auth: this.token,
      baseUrl: this.github.url,
      log: quiet,
      request: { redirect: "manual" },
    });
    try {
      await octokit.rest.actions.listWorkflowRunArtifacts({
        owner: "org",
        repo: "sprint",
        run_id: run.id,
        name: "pr-report",
      });
      await octokit.rest.actions.downloadArtifact({
        owner: "org",
        repo: "sprint",
        artifact_id: run.id,
        archive_format: "zip",
      });
      return true;
    } catch (error) {
      return (error as { status?: number }).status === 302;
    }
  }

  private async intake(event: unknown): Promise<void> {
    const sha = this.model.mainSha;
    const done = await runInProcess(
      intakeRun,
      event,
      this.env({
        GITHUB_WORKSPACE: await checkoutCommit(this.model, sha, await exampleRoot()),
        GITHUB_SHA: sha,
        VALIDATE_BY_DISPATCH: "true",
      }),
    );
    this.note("intake", done);
  }

  /** What GitHub started since the last look (a sibling harness adds the events it drives). */
  protected take(): void {
    for (const d of this.model.dispatches.slice(this.dispatched)) this.start(d);
    this.dispatched = this.model.dispatches.length;
  }

  /** A dispatch starts its workflow a minute later. */
  protected start(d: GithubModel["dispatches"][number]): void {
    const when = this.model.now + START_MINUTES * 60_000;
    if (d.workflow === "validate.yml") {
      const sha = this.model.branch(REPOSITORY, d.ref)!;
      this.model.now = this.model.now; // GitHub creates the dispatched run now
      this.validate(Number(d.inputs.pull_request), sha, "workflow_dispatch", d.ref, REPOSITORY);
    } else if (d.workflow === "report.yml") {
      const run = this.model.runs.find((r) => r.id === Number(d.inputs.validate_run))!;
      this.at(when, `report (swept) #${d.inputs.pull_request}`, () =>
        this.report(run, Number(d.inputs.pull_request), d.inputs),
      );
    } else if (d.workflow === "intake.yml")
      this.at(when, `intake (swept) #${d.inputs.issue}`, () =>
        this.intake({ inputs: d.inputs, ref: "refs/heads/main" }),
      );
  }

  protected env(extra: Record<string, string>): Record<string, string> {
    return {
      GITHUB_API_URL: this.github.url,
      GITHUB_TOKEN: this.token,
      REGISTRY_RETRY_BASE_MS: "0",
      APP_SLUG: this.appSlug,
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ...extra,
    };
  }

  protected note(label: string, done: { failed: boolean; log: string }): void {
    const at = new Date(this.model.now).toISOString().slice(11, 16);
    this.log.push(`${at} ${label}${done.failed ? " FAILED" : ""}`);
    if (done.failed) this.failures.push(`${at} ${label}: ${done.log.slice(-2000)}`);
  }
}

/** The team file a project record at `sha` joins (what Validate's hint names). */
function teamOf(model: GithubModel, sha: string, path: string): string[] {
  const slug = /^teamSlug: ([a-z0-9-]+)$/m.exec(model.git.get(sha).tree.get(path) ?? "")?.[1];
  return slug ? [`records/teams/${slug}.yaml`] : [];
}
