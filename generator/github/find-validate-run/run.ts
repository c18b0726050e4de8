import * as core from "@actions/core";
import { intakeIssue } from "../intake/intake-branch.ts";
import { readEvent, workflowRunOf, type WorkflowRunRef } from "../event-payload.ts";
import { githubApiFromEnv, type ValidateRun } from "../github-api.ts";

export const VALIDATE_WORKFLOW = ".github/workflows/validate.yml";

/** Whether the run Report watches is Validate itself (else Review, after a review). */
export function isValidateRun(watched: WorkflowRunRef): boolean {
  return watched.path === VALIDATE_WORKFLOW;
}

/** A Validate run GitHub made for a pull request, or that the intake dispatched on its branch. */
export function validatesPullRequest(run: Pick<ValidateRun, "event" | "headBranch">): boolean {
  return (
    run.event === "pull_request" ||
    (run.event === "workflow_dispatch" && intakeIssue(run.headBranch) !== undefined)
  );
}

/**
 * Which of a commit's finished Validate runs holds the report after a review: one that ran for
 * the reviewed pull request when GitHub names it (a branch of this repository), else the newest
 * that ran for a pull request or the intake. Report then judges every open pull request with
 * this head, so the run chosen never decides whose approval counts.
 */
export function pickValidateRun(runs: readonly ValidateRun[], reviewed: readonly number[]) {
  const usable = runs.filter((r) => r.finished && validatesPullRequest(r));
  return usable.find((r) => r.pullRequests.some((n) => reviewed.includes(n))) ?? usable[0];
}

/**
 * The Report workflow's first step: which Validate run holds the report for the commit. After
 * Validate that is the watched run; after a review it is `pickValidateRun`'s, or none yet (then
 * Validate's own Report will read the review). Started by the sweep, it is the run the sweep names.
 *
 * Outputs `run-id` and `run-url`, empty when there is none.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const event = await readEvent(env);
  // The sweep names the run (workflow_dispatch, writers only); Report checks it against GitHub's record.
  const named = (event.inputs as { validate_run?: unknown } | undefined)?.validate_run;
  if (!event.workflow_run && named !== undefined) {
    const id = String(named);
    if (!/^[1-9]\d*$/.test(id)) throw new Error(`validate_run is not a run id: ${id}`);
    core.setOutput("run-id", id);
    core.setOutput(
      "run-url",
      `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${id}`,
    );
    return core.info(`The sweep named Validate run ${id}.`);
  }
  const watched = workflowRunOf(event);
  const found = isValidateRun(watched)
    ? { id: watched.id, url: watched.htmlUrl }
    : pickValidateRun(
        await githubApiFromEnv(env, core.info).validateRuns(watched.headSha),
        watched.pullRequests,
      );
  core.setOutput("run-id", found ? String(found.id) : "");
  core.setOutput("run-url", found?.url ?? "");
  core.info(
    found ? `Validate's report for ${watched.headSha}: run ${found.id}.` : "Validate has not finished.",
  );
}
