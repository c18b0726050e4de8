import * as core from "@actions/core";
import { defaultBranchOf, required, type WorkflowRunRef } from "../event-payload.ts";
import { isValidateRun } from "../find-validate-run/run.ts";
import { apiOptionsFromEnv, COMMENT_AUTHOR, githubClient } from "../github-api.ts";
import { judgedAgainBy, rateLimitOf } from "../rate-limit.ts";
import { clipDescription, OWNERSHIP_CONTEXT } from "../report/report-on-commit.ts";
import { startUnrunGroups } from "../enqueue/queue-groups.ts";
import { confirmGroupRun } from "./confirm-run.ts";
import { reportGroup } from "./report-group.ts";

/**
 * Report's step when the watched run checked a merge group (report/run.ts hands it over): only a
 * finished Validate run is judged. It fails closed as Report does: an error sets `error` on the
 * group's head with the reason, so the queue drops the entry rather than wait for its timeout;
 * past GitHub's rate limit it leaves `pending`, saying when. Started by the Sweep (`confirm`), the
 * run it names is first checked against GitHub's record, which gives its event and conclusion.
 *
 * Environment: Report's (GITHUB_TOKEN, REPORT_DIR, VALIDATE_RUN_URL, APP_SLUG, …).
 */
export async function reportGroupRun(
  env: NodeJS.ProcessEnv,
  event: Record<string, unknown>,
  named: WorkflowRunRef,
  { confirm = false } = {},
): Promise<void> {
  let watched = named;
  if (!isValidateRun(watched))
    return core.info(`${watched.path} ran on a merge group; only Validate's runs are judged.`);
  if (watched.conclusion !== "success" && watched.conclusion !== "failure")
    return core.info(`The watched run ended ${watched.conclusion}: nothing to report.`);
  const options = apiOptionsFromEnv(env, core.info);
  const client = githubClient(options);
  const server = env.GITHUB_SERVER_URL ?? "https://github.com";
  const runUrl = `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID ?? ""}`;
  const setStatus = async (state: "error" | "pending", description: string) => {
    await client.octokit.rest.repos.createCommitStatus({
      ...client.repoArgs,
      sha: watched.headSha,
      state,
      context: OWNERSHIP_CONTEXT,
      description: clipDescription(description),
      target_url: runUrl,
    });
    core.setOutput("status", "set");
  };
  try {
    if (confirm) watched = await confirmGroupRun(client, named);
    const outcome = await reportGroup({
      client,
      watched,
      reportDir: required(env, "REPORT_DIR"),
      defaultBranch: defaultBranchOf(event) ?? "main",
      trusted: [COMMENT_AUTHOR, ...(env.APP_SLUG ? [`${env.APP_SLUG}[bot]`] : [])],
      context: OWNERSHIP_CONTEXT,
      runUrl,
      validateRunUrl: env.VALIDATE_RUN_URL || watched.htmlUrl,
      clip: clipDescription,
    });
    core.setOutput("status", "set");
    core.info(`Ownership of merge group ${watched.headSha}: ${outcome.state} (${outcome.description}).`);
  } catch (error) {
    const limited = rateLimitOf(error);
    if (limited) {
      const words = `Waiting for GitHub's rate limit; judged again by ${judgedAgainBy(limited)}`;
      await setStatus("pending", words).catch(() => core.warning("GitHub refused the pending status too."));
      return core.notice(`${words}. This run ends here rather than sleep toward the reset.`);
    }
    const message = error instanceof Error ? error.message : String(error);
    await setStatus("error", `Report failed, so the group's ownership is unknown: ${message}`).catch(
      () => {},
    );
    throw error;
  }
  // Validate was dispatched on this group: GITHUB_TOKEN enqueued it, and the groups the queue builds
  // next (behind a merge or a removal) get no run either; a couple are started here, the Sweep
  // starts the rest (../enqueue/queue-groups.ts). The verdict is written: a failure only warns.
  if (watched.event === "workflow_dispatch")
    await startUnrunGroups(
      client,
      env.GITHUB_REPOSITORY ?? "",
      defaultBranchOf(event) ?? "main",
      2,
      core.info,
    ).catch((error: Error) =>
      core.warning(`Starting Validate on the queue's groups failed: ${error.message}`),
    );
}
