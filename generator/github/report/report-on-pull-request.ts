import * as core from "@actions/core";
import { intakeIssue } from "../../intake/intake-branch.ts";
import { decideOwnership } from "../../ownership/decide-ownership.ts";
import { gatherRecords } from "../../ownership/gather-records.ts";
import { organiserApproval } from "../../ownership/organiser-approval.ts";
import { COMMENT_MARKER, renderComment } from "../../report/pr-comment.ts";
import type { ReportArtifact } from "../../report/report-artifact.ts";
import { ownershipTable, SUMMARY_BUDGET } from "../../report/sections.ts";
import type { GithubApi, PullRequest, StatusState } from "../github-api.ts";

export interface ReportInput {
  api: GithubApi;
  env: NodeJS.ProcessEnv;
  /** Already checked: its head SHA is the one the watched run checked. */
  report: ReportArtifact;
  validateRunUrl: string;
  setStatus: (state: StatusState, description: string, targetUrl: string) => Promise<void>;
}

/**
 * Whose change a pull request is: its author's, except for one the intake opened (a bot's, from an
 * `intake/issue-<n>` branch of this repository, which only writers can push to): that is the
 * issue's author's, read from the API, never from the pull request's text.
 */
async function authorOf(api: GithubApi, pr: PullRequest, repository: string): Promise<string> {
  const issue = intakeIssue(pr.headRef);
  if (issue === undefined || !pr.authorIsBot || pr.headRepository !== repository) return pr.author;
  const author = await api.issueAuthor(issue);
  core.info(
    `Pull request #${pr.number} was opened by the intake from issue #${issue}: judging it as ${author}'s.`,
  );
  return author;
}

/** Decides ownership from the API's view of the pull request, then updates the comment and the status. */
export async function reportOnPullRequest({ api, env, report, validateRunUrl, setStatus }: ReportInput) {
  const pr = await api.pullRequest(report.pullRequest.number);
  if (pr.headSha !== report.pullRequest.headSha)
    return core.notice(
      `Pull request #${pr.number} has moved on to ${pr.headSha}; the Validate run for it will report.`,
    );
  const author = await authorOf(api, pr, env.GITHUB_REPOSITORY ?? "");
  const files = await api.changedFiles(pr.number);
  const reviews = await api.reviews(pr.number);
  const versions = await gatherRecords(
    files,
    (side, path) => api.fileText(path, side === "base" ? pr.baseRef : pr.headSha),
    author,
  );
  const verdict = decideOwnership({
    author,
    files,
    changedFiles: pr.changedFiles,
    approvedBy: organiserApproval(reviews, versions.organisers, pr.headSha),
    ...versions,
  });

  const repositoryUrl = `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}`;
  const body = renderComment({ report, verdict, repositoryUrl, runUrl: validateRunUrl });
  const comment = await api.upsertComment(pr.number, COMMENT_MARKER, body);
  const refused = verdict.files.filter((f) => !f.allowed).length;
  await setStatus(
    verdict.allowed ? "success" : "failure",
    verdict.allowed
      ? verdict.approvedBy !== undefined
        ? `approved by organiser ${verdict.approvedBy} on this commit`
        : `${author} may make every change`
      : (verdict.refusals[0] ?? `${refused} change(s) need an organiser`),
    comment.url,
  );

  await core.summary
    .addRaw([`## Report for #${pr.number}`, "", ...ownershipTable(verdict, SUMMARY_BUDGET), ""].join("\n"))
    .addRaw(`\nComment ${comment.created ? "created" : "updated"}: ${comment.url}\n`)
    .write();
  core.info(
    `Comment ${comment.created ? "created" : "updated"}; ownership ${verdict.allowed ? "allowed" : "refused"}.`,
  );
}
