import * as core from "@actions/core";
import { readEvent, workflowRunOf, type WorkflowRunRef } from "../event-payload.ts";
import { githubApiFromEnv } from "../github-api.ts";

export const VALIDATE_WORKFLOW = ".github/workflows/validate.yml";

/** Whether the run Report watches is Validate itself (else Review, after a review). */
export function isValidateRun(watched: WorkflowRunRef): boolean {
  return watched.path === VALIDATE_WORKFLOW;
}

/**
 * The Report workflow's first step: which Validate run holds the report for the commit. After
 * Validate that is the watched run; after a review it is the latest finished Validate run for the
 * pull request's head, or none yet (then Validate's own Report will read the review).
 *
 * Outputs `run-id` and `run-url`, empty when there is none.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const watched = workflowRunOf(await readEvent(env));
  const found = isValidateRun(watched)
    ? { id: watched.id, url: watched.htmlUrl }
    : await githubApiFromEnv(env, core.info).latestRun("validate.yml", watched.headSha);
  core.setOutput("run-id", found ? String(found.id) : "");
  core.setOutput("run-url", found?.url ?? "");
  core.info(
    found ? `Validate's report for ${watched.headSha}: run ${found.id}.` : "Validate has not finished.",
  );
}
