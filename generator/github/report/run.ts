import * as core from "@actions/core";
import { intakeIssue } from "../../intake/intake-branch.ts";
import { readReportArtifact } from "../../report/report-artifact.ts";
import { defaultBranchOf, readEvent, required, workflowRunOf } from "../event-payload.ts";
import { isValidateRun } from "../find-validate-run/run.ts";
import { githubApiFromEnv, type StatusState } from "../github-api.ts";
import { reportOnCommit } from "./report-on-commit.ts";

/** The commit status branch protection can require. */
export const OWNERSHIP_CONTEXT = "hackathon-registry / ownership";

/** Events of the watched run that come from a pull request (Validate's, and Review's). */
const PULL_REQUEST_EVENTS = ["pull_request", "pull_request_review"];

/**
 * The Report workflow (`workflow_run` after Validate or Review; the only job that writes). It runs
 * the base branch's code and never the pull request's: the artifact is data, checked against its
 * schema and against the API, and ownership is decided here from the default branch's records, for
 * the commit: over every open pull request with that head (see report-on-commit.ts).
 * It fails closed: whatever stops it after the watched run is known sets the ownership status to
 * `failure` or `error` on that commit, with the reason, so a pull request never just waits.
 *
 * Environment: GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_SERVER_URL,
 * GITHUB_RUN_ID, GITHUB_STEP_SUMMARY, GITHUB_TOKEN, REPORT_DIR (the downloaded artifact),
 * VALIDATE_RUN_URL (the run that made it; empty when Validate has not finished).
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const event = await readEvent(env);
  const watched = workflowRunOf(event);
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

  const api = githubApiFromEnv(env, core.info);
  const thisRun = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID ?? ""}`;
  const setStatus = async (state: StatusState, description: string, targetUrl: string) => {
    await api.setStatus(watched.headSha, { state, context: OWNERSHIP_CONTEXT, description, targetUrl });
    core.setOutput("status", "set");
  };

  try {
    const read = await readReportArtifact(required(env, "REPORT_DIR"));
    const refusal = !read.ok
      ? read.reason
      : read.report.pullRequest.headSha !== watched.headSha
        ? `it names commit ${read.report.pullRequest.headSha}, but the run checked ${watched.headSha}`
        : undefined;
    if (refusal !== undefined || !read.ok) {
      await setStatus("failure", `Validate's report was refused: ${refusal}`, thisRun);
      return core.setFailed(`Refusing the Validate artifact: ${refusal}.`);
    }
    // Read from the event (or the API), never assumed: a fork's default branch may not be `main`.
    const defaultBranch = defaultBranchOf(event) ?? (await api.defaultBranch());
    await reportOnCommit({ api, env, report: read.report, validateRunUrl, defaultBranch, setStatus });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await setStatus("error", `Report failed, so ownership is unknown: ${message}`, thisRun).catch(() => {});
    throw error;
  }
}
