import * as core from "@actions/core";
import { intakeIssue } from "../intake/intake-branch.ts";
import { readReportArtifact } from "../../report/report-artifact.ts";
import {
  defaultBranchOf,
  readEvent,
  required,
  workflowRunOf,
  type WorkflowRunRef,
} from "../event-payload.ts";
import { isValidateRun, VALIDATE_WORKFLOW } from "../find-validate-run/run.ts";
import { apiOptionsFromEnv, COMMENT_AUTHOR, retryBaseMsOf, type GithubClient } from "../github-api.ts";
import { judgedAgainBy, rateLimitOf } from "../rate-limit.ts";
import { clipDescription, OWNERSHIP_CONTEXT, reportOnCommit } from "./report-on-commit.ts";
import { reportSource } from "./report-source.ts";
import { groupBranch } from "../queue/judge-group.ts";
import { reportGroupRun } from "../queue/run.ts";
import type { Snapshot } from "../pull-snapshot.ts";
import { REPORT_SWEEP, sweepDeps } from "../sweep/run.ts";
import { sweep } from "../sweep/sweep.ts";

export { OWNERSHIP_CONTEXT };

/** Events of the watched run that come from a pull request (Validate's, and Review's). */
const PULL_REQUEST_EVENTS = ["pull_request", "pull_request_review"];

/**
 * The Report workflow (`workflow_run` after Validate or Review; the only job that writes). It runs
 * the base branch's code and never the pull request's: the artifact is data, checked against its
 * schema and against the API, and ownership is decided here from the default branch's records, for
 * the commit: over every open pull request with that head (see report-on-commit.ts).
 * It fails closed: whatever stops it after the watched run is known sets the ownership status to
 * `failure` or `error` on that commit, with the reason, so a pull request never just waits. Past
 * GitHub's rate limit it leaves a pending status saying when the commit is judged again (where
 * GitHub still takes one) and ends without a red run: the sweep judges it then.
 *
 * Environment: GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_SERVER_URL,
 * GITHUB_RUN_ID, GITHUB_STEP_SUMMARY, GITHUB_TOKEN, REPORT_DIR (the downloaded artifact),
 * VALIDATE_RUN_URL (the run that made it; empty when Validate has not finished), ARTIFACT_DOWNLOAD
 * (the download step's outcome), APP_SLUG (the
 * App whose token GITHUB_TOKEN is, when one is set up: its comments are Report's own too).
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const event = await readEvent(env);
  // The sweep starts Report by hand (workflow_dispatch) for a head it found without a verdict.
  const dispatched = dispatchedRun(event, env);
  const watched = dispatched ?? workflowRunOf(event);
  // GitHub's merge queue: a Validate run on a merge group is judged as a group (../queue/), and so
  // is Validate dispatched on a group's branch (a GITHUB_TOKEN enqueue's group, ../enqueue/).
  if (watched.event === "merge_group" || dispatchedOnGroup(watched))
    return reportGroupRun(env, event, watched);
  // The Sweep starts Report for a group Report never judged: its run is checked against GitHub's record first.
  if (dispatched && groupBranch(dispatched.headBranch) !== undefined)
    return reportGroupRun(env, event, { ...dispatched, event: "workflow_dispatch" }, { confirm: true });
  // The intake dispatches Validate on its own branches (see intake.yml); other dispatches are not reviews.
  const intakeDispatch =
    watched.event === "workflow_dispatch" && intakeIssue(watched.headBranch) !== undefined;
  if (!PULL_REQUEST_EVENTS.includes(watched.event) && !intakeDispatch)
    return core.info(
      `The watched run was started by ${watched.event}, not a pull request: nothing to report.`,
    );
  if (watched.conclusion !== "success" && watched.conclusion !== "failure")
    return core.info(`The watched run ended ${watched.conclusion}: nothing to report.`);
  const validateRunUrl = env.VALIDATE_RUN_URL || (isValidateRun(watched) ? watched.htmlUrl : "");
  if (validateRunUrl === "")
    return core.info(`Validate has not finished for ${watched.headSha}; its Report will read the reviews.`);

  const source = reportSource(apiOptionsFromEnv(env, core.info));
  const thisRun = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID ?? ""}`;
  const setStatus = async (
    state: "failure" | "error" | "pending",
    description: string,
    targetUrl: string,
  ) => {
    await source.setStatus(watched.headSha, { state, description: clipDescription(description), targetUrl });
    core.setOutput("status", "set");
  };

  let swept: { snapshot: Snapshot | undefined; own: number; defaultBranch: string } | undefined;
  try {
    const read = await readReportArtifact(required(env, "REPORT_DIR"));
    const refusal = !read.ok
      ? read.reason
      : read.report.pullRequest.headSha !== watched.headSha
        ? `it names commit ${read.report.pullRequest.headSha}, but the run checked ${watched.headSha}`
        : undefined;
    // download-artifact fails past the hour's REST budget too: then nothing is refused, and the
    // sweep starts Report again after the reset (GET /rate_limit costs no budget).
    if (!read.ok && env.ARTIFACT_DOWNLOAD === "failure") {
      const budget = await source.restBudget();
      if (budget.remaining === 0) {
        const limited = { until: new Date(budget.reset * 1000), secondary: false };
        return core.notice(
          `The artifact could not be downloaded: GitHub's rate limit is spent; judged again by ${judgedAgainBy(limited)}.`,
        );
      }
    }
    if (refusal !== undefined || !read.ok) {
      await setStatus("failure", `Validate's report was refused: ${refusal}`, thisRun);
      return core.setFailed(`Refusing the Validate artifact: ${refusal}.`);
    }
    // Read from the event, never assumed: a fork's default branch may not be `main`.
    const defaultBranch = defaultBranchOf(event) ?? (await source.defaultBranch());
    const outcome = await reportOnCommit({
      source,
      report: read.report,
      headBranch: watched.headBranch,
      validateRunUrl,
      defaultBranch,
      serverUrl: env.GITHUB_SERVER_URL ?? "https://github.com",
      hints: read.report.reads ?? [],
      commentAuthors: [COMMENT_AUTHOR, ...(env.APP_SLUG ? [`${env.APP_SLUG}[bot]`] : [])],
      ...(dispatched ? { validateRunId: dispatched.id } : {}),
      retryMs: retryBaseMsOf(env) ?? 1000,
    });
    if (outcome.state !== "none") core.setOutput("status", "set");
    core.info(`Ownership of ${watched.headSha}: ${outcome.state} (${outcome.description}).`);
    swept = { snapshot: outcome.snapshot, own: read.report.pullRequest.number, defaultBranch };
  } catch (error) {
    const limited = rateLimitOf(error);
    if (limited) {
      const words = `Waiting for GitHub's rate limit; judged again by ${judgedAgainBy(limited)}`;
      await setStatus("pending", words, thisRun).catch(() =>
        core.warning("GitHub refused the pending status too; the sweep judges this commit after the limit."),
      );
      return core.notice(`${words}. This run ends here rather than sleep toward the reset.`);
    }
    const message = error instanceof Error ? error.message : String(error);
    await setStatus("error", `Report failed, so ownership is unknown: ${message}`, thisRun).catch(() => {});
    throw error;
  }
  // Scheduled sweeps come late at busy hours: a run with budget left takes the oldest waiting too.
  // Apart from the verdict, which is written: a failure here only says so.
  const others = (swept?.snapshot?.open?.waiting ?? []).filter((n) => n !== swept?.own);
  if (swept?.snapshot && others.length > 0)
    await sweepFromReport(source.client, env, swept.snapshot.rate, swept.defaultBranch).catch(
      (error: Error) => core.warning(`Starting Report for waiting pull requests failed: ${error.message}`),
    );
}

/**
 * Validate dispatched on a merge queue's branch: writers only can dispatch, and GitHub refuses
 * pushes to `gh-readonly-queue/` branches, so the run checked GitHub's own group commit; the group
 * is still judged against the queue's entries as GitHub lists them.
 */
const dispatchedOnGroup = (watched: WorkflowRunRef) =>
  watched.event === "workflow_dispatch" &&
  isValidateRun(watched) &&
  groupBranch(watched.headBranch) !== undefined;

/**
 * The Validate run the sweep named (inputs `validate_run`, `head_sha`, `head_branch`; only
 * writers can dispatch), as if Report watched it: the first read then checks that it is a finished
 * Validate run of that head, and the artifact must name that head.
 */
function dispatchedRun(event: Record<string, unknown>, env: NodeJS.ProcessEnv): WorkflowRunRef | undefined {
  const inputs = event.inputs as Record<string, unknown> | undefined;
  if (!inputs || typeof inputs !== "object" || event.workflow_run) return undefined;
  const id = Number(inputs.validate_run);
  const headSha = String(inputs.head_sha ?? "");
  if (!Number.isInteger(id) || id <= 0 || !/^[0-9a-f]{40}$/.test(headSha))
    throw new Error("this workflow_dispatch names no Validate run: validate_run and head_sha are required");
  return {
    id,
    path: VALIDATE_WORKFLOW,
    // Checked against GitHub's own record of the run before anything is judged.
    conclusion: "success",
    event: "pull_request",
    headBranch: String(inputs.head_branch ?? ""),
    headSha,
    htmlUrl: `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${id}`,
    pullRequests: [],
  };
}

/** A few of the oldest waiting pull requests, when over the sweep's reserve of GraphQL points is left. */
async function sweepFromReport(
  client: GithubClient,
  env: NodeJS.ProcessEnv,
  rate: { remaining: number; limit: number },
  base: string,
) {
  if (rate.remaining < rate.limit * REPORT_SWEEP.reserve) return;
  const started = await sweep(sweepDeps(client, base), {
    ...REPORT_SWEEP,
    repository: env.GITHUB_REPOSITORY ?? "",
    base,
    context: OWNERSHIP_CONTEXT,
  });
  if (started.length)
    core.info(`Started Report for ${started.map((w) => `#${w.number}`).join(", ")}, which waited.`);
}
