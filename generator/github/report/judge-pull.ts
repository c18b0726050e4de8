import * as core from "@actions/core";
import { intakeIssue } from "../../intake/intake-branch.ts";
import { decideOwnership, type OwnershipVerdict } from "../../ownership/decide-ownership.ts";
import { gatherRecords } from "../../ownership/gather-records.ts";
import { organiserApproval } from "../../ownership/organiser-approval.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { deadlinesOf } from "../../validate/offset-time.ts";
import { validatesPullRequest } from "../find-validate-run/run.ts";
import type { GithubApi, PullRequest, TestMerge } from "../github-api.ts";

export type OpenPull = Omit<PullRequest, "changedFiles">;

/** An open pull request with the checked head, refused for its base or judged. */
export type Verdict =
  | { pull: OpenPull; allowed: false; reason: string; verdict?: undefined; moved?: undefined }
  | { pull: OpenPull; allowed: boolean; reason: string; verdict: OwnershipVerdict; moved?: undefined };

/** A verdict, or why there is none: the pull request changed while it was read. */
export type Judgement = Verdict | { pull: OpenPull; moved: string };

/**
 * Whose change a pull request is. Its author's, except:
 * - one from an `intake/issue-<n>` branch of this repository (which only writers and the intake
 *   push to, the intake as the issue's author says) is the issue's author's, read from the API,
 *   never from its text, whoever opened the pull request: an organiser who opens it lends no rights;
 * - one from a fork that is not the author's is the fork owner's: whoever pushes to the head
 *   decides what it holds, so an organiser who opens a pull request from someone's branch lends
 *   it no rights (an approval, which belongs to one commit, is the way to accept it).
 */
async function authorOf(api: GithubApi, pr: OpenPull, repository: string): Promise<string> {
  const issue = intakeIssue(pr.headRef);
  if (issue !== undefined && pr.headRepository === repository) {
    const author = await api.issueAuthor(issue);
    core.info(
      `Pull request #${pr.number} comes from the intake's branch for issue #${issue}: judging it as ${author}'s.`,
    );
    return author;
  }
  const owner = pr.headRepository.split("/")[0] ?? "";
  if (pr.headRepository === repository || owner.toLowerCase() === pr.author.toLowerCase()) return pr.author;
  core.info(
    `Pull request #${pr.number} was opened by ${pr.author} from ${pr.headRepository || "a deleted fork"}: judging it as ${owner || "nobody"}'s, who pushes to its head.`,
  );
  return owner;
}

/**
 * Judges one pull request with the checked head. Only the default branch is guarded: a pull
 * request into any other branch is refused, since its base's records could grant anything and
 * the status it would earn belongs to the commit, which a pull request into the default branch
 * shares. Ownership is read from the default branch's records and the head's; the pull request
 * is read again after its files are listed, so a push in between is never judged by the new list.
 */
export async function judgePull(
  api: GithubApi,
  pull: OpenPull,
  defaultBranch: string,
  repository: string,
  retryMs = 1000,
): Promise<Judgement> {
  if (pull.baseRef !== defaultBranch)
    return {
      pull,
      allowed: false,
      reason: `#${pull.number} targets ${pull.baseRef}, not ${defaultBranch}; only pull requests into ${defaultBranch} are checked`,
    };
  const author = await authorOf(api, pull, repository);
  const files = await api.changedFiles(pull.number);
  const reviews = await api.reviews(pull.number);
  const now = await settledPull(api, pull.number, retryMs);
  if (now.headSha !== pull.headSha || now.state !== "open" || now.baseRef !== defaultBranch)
    return {
      pull,
      moved: `#${pull.number} changed while it was read (now ${now.state}, head ${now.headSha})`,
    };
  const merge = now.mergeCommitSha ?? undefined;
  const refs = { base: defaultBranch, head: pull.headSha, merge: merge ?? pull.headSha };
  const versions = await gatherRecords(
    files,
    (side, path) => api.fileText(path, refs[side]),
    author,
    merge !== undefined,
  );
  const verdict = decideOwnership({
    author,
    files,
    changedFiles: now.changedFiles,
    approvedBy: organiserApproval(reviews, versions.organisers, pull.headSha),
    noMerge: merge !== undefined ? undefined : noMergeReason(now),
    seenAt: hasDeadlines(versions.base.get(EVENT_FILE)) ? await firstValidated(api, pull.headSha) : undefined,
    ...versions,
  });
  const refused = verdict.files.filter((f) => !f.allowed);
  const reason = verdict.allowed
    ? verdict.approvedBy !== undefined
      ? `approved by organiser ${verdict.approvedBy} on this commit`
      : `${author} may make every change`
    : (verdict.refusals[0] ??
      (refused.every((f) => f.late) ? refused[0]!.reason : `${refused.length} change(s) need an organiser`));
  return { pull, allowed: verdict.allowed, reason, verdict };
}

/** GitHub computes the test merge in the background; it is asked again a few times, then not waited for. */
async function settledPull(api: GithubApi, number: number, retryMs: number) {
  let pull = await api.pullRequest(number);
  for (let attempt = 1; pull.mergeable === null && pull.state === "open" && attempt <= 3; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, retryMs * 2 ** attempt));
    pull = await api.pullRequest(number);
  }
  return pull;
}

/** What merges cannot be judged without GitHub's test merge, so the pull request waits for it. */
function noMergeReason(pull: TestMerge): string {
  return pull.mergeable === false
    ? "the pull request has merge conflicts, so what it would merge cannot be checked; update the branch"
    : "GitHub has not yet worked out what this pull request would merge; re-run the Report workflow in a minute";
}

/**
 * When GitHub first saw the commit: the `created_at` of its earliest Validate run for a pull
 * request (or the intake's dispatch), in ms. GitHub sets it when it creates the run and keeps it
 * on a re-run; a commit's own date is whatever its author wrote, so it is never read.
 */
async function firstValidated(api: GithubApi, headSha: string): Promise<number | undefined> {
  const times = (await api.validateRuns(headSha))
    .filter(validatesPullRequest)
    .map((r) => Date.parse(r.createdAt))
    .filter((t) => !Number.isNaN(t));
  return times.length === 0 ? undefined : Math.min(...times);
}

function hasDeadlines(event: unknown): boolean {
  return Object.values(deadlinesOf(event)).some(
    (value) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
}
