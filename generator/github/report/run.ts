import * as core from "@actions/core";
import { decideOwnership } from "../../ownership/decide-ownership.ts";
import { gatherRecords } from "../../ownership/gather-records.ts";
import { COMMENT_MARKER, renderComment } from "../../report/pr-comment.ts";
import { readReportArtifact } from "../../report/report-artifact.ts";
import { ownershipTable } from "../../report/sections.ts";
import { githubApi } from "../github-api.ts";
import { readEvent, required, workflowRunOf } from "../event-payload.ts";

/** The commit status branch protection can require. */
export const OWNERSHIP_CONTEXT = "hackathon-registry / ownership";

/**
 * The Report workflow (`workflow_run` after Validate; the only job that writes). It runs the
 * base branch's code and never the pull request's: the artifact is data, checked against its
 * schema and against the API, and ownership is decided here from the base branch's records.
 *
 * Environment: GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_SERVER_URL,
 * GITHUB_STEP_SUMMARY, GITHUB_TOKEN, REPORT_DIR (the downloaded artifact).
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const watched = workflowRunOf(await readEvent(env));
  if (watched.event !== "pull_request") {
    core.info(`The Validate run was started by ${watched.event}, not a pull request: nothing to report.`);
    return;
  }
  const read = await readReportArtifact(required(env, "REPORT_DIR"));
  if (!read.ok) return core.setFailed(`Refusing the Validate artifact: ${read.reason}.`);
  const { report } = read;
  if (report.pullRequest.headSha !== watched.headSha)
    return core.setFailed(
      `Refusing the Validate artifact: it names commit ${report.pullRequest.headSha}, but the run checked ${watched.headSha}.`,
    );

  const repository = required(env, "GITHUB_REPOSITORY");
  const retryBaseMs = env.REGISTRY_RETRY_BASE_MS ? Number(env.REGISTRY_RETRY_BASE_MS) : undefined;
  const api = githubApi({
    token: required(env, "GITHUB_TOKEN"),
    baseUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    repository,
    log: core.info,
    ...(retryBaseMs === undefined ? {} : { retryBaseMs }),
  });

  const pr = await api.pullRequest(report.pullRequest.number);
  if (pr.headSha !== watched.headSha) {
    core.notice(
      `Pull request #${pr.number} has moved on to ${pr.headSha}; the Validate run for it will report.`,
    );
    return;
  }
  const files = await api.changedFiles(pr.number);
  const versions = await gatherRecords(files, (side, path) =>
    api.fileText(path, side === "base" ? pr.baseRef : pr.headSha),
  );
  const verdict = decideOwnership({ author: pr.author, files, ...versions });

  const repositoryUrl = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${repository}`;
  const body = renderComment({ report, verdict, repositoryUrl, runUrl: watched.htmlUrl });
  const comment = await api.upsertComment(pr.number, COMMENT_MARKER, body);
  await api.setStatus(pr.headSha, {
    state: verdict.allowed ? "success" : "failure",
    context: OWNERSHIP_CONTEXT,
    description: verdict.allowed
      ? `${pr.author} may make every change`
      : `${verdict.files.filter((f) => !f.allowed).length} change(s) need an organiser`,
    targetUrl: comment.url,
  });

  await core.summary
    .addRaw([`## Report for #${pr.number}`, "", ...ownershipTable(verdict), ""].join("\n"))
    .addRaw(`\nComment ${comment.created ? "created" : "updated"}: ${comment.url}\n`)
    .write();
  core.info(
    `Comment ${comment.created ? "created" : "updated"}; ownership ${verdict.allowed ? "allowed" : "refused"}.`,
  );
}
