import * as core from "@actions/core";
import { intakeIssue } from "../intake/intake-branch.ts";
import type { ChangedFile } from "../../ownership/changed-file.ts";
import { decideOwnership, type OwnershipVerdict } from "../../ownership/decide-ownership.ts";
import { gatherRecords } from "../../ownership/gather-records.ts";
import { organiserApproval } from "../../ownership/organiser-approval.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { deadlinesOf } from "../../validate/offset-time.ts";
import { validatesPullRequest } from "../find-validate-run/run.ts";
import type { PullRequest } from "../github-api.ts";
import { morePages } from "../more-pages.ts";
import type { Graphql, Snapshot } from "../pull-snapshot.ts";
import type { PullNow } from "../graphql-nodes.ts";
import { TextReader } from "../text-reader.ts";
import { contentSeen } from "./content-seen.ts";

export type OpenPull = Omit<PullRequest, "changedFiles">;

/** An open pull request with the checked head, refused for its base or judged. */
export type Verdict =
  | { pull: OpenPull; allowed: false; reason: string; verdict?: undefined; moved?: undefined }
  | { pull: OpenPull; allowed: boolean; reason: string; verdict: OwnershipVerdict; moved?: undefined };

/** A verdict, or why there is none: the pull request changed while it was read. */
export type Judgement = (Verdict | { pull: OpenPull; moved: string; gone: boolean }) & { snapshot: Snapshot };

/** What judging reads besides the first query: GraphQL, and the REST file list for renames. */
export interface PullSource {
  graphql: Graphql;
  /** The REST list of a pull request's files, the only one that names a rename's old path. */
  restFiles: (number: number) => Promise<ChangedFile[]>;
  repository: string;
}

/**
 * Whose change a pull request is. Its author's, except:
 * - one from an `intake/issue-<n>` branch of this repository (which only writers and the intake
 *   push to, the intake as the issue's author says) is the issue's author's, read from the API,
 *   never from its text, whoever opened the pull request: an organiser who opens it lends no rights;
 * - one from a fork that is not the author's is the fork owner's: whoever pushes to the head
 *   decides what it holds, so an organiser who opens a pull request from someone's branch lends
 *   it no rights (an approval, which belongs to one commit, is the way to accept it).
 */
function authorOf(snapshot: Snapshot, repository: string): string {
  const pr = snapshot.pull;
  const issue = intakeIssue(pr.headRef);
  if (issue !== undefined && pr.headRepository === repository) {
    const author = snapshot.issueAuthor ?? "";
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
 * Judges one pull request with the checked head, from its snapshot (see pull-snapshot.ts). Only
 * the default branch is guarded: a pull request into any other branch is refused, since its base's
 * records could grant anything and the status it would earn belongs to the commit, which a pull
 * request into the default branch shares. Ownership is read from the default branch's records and
 * the head's; the pull request is read again last, so a push, a retarget or a new test merge
 * while it was read leaves no verdict.
 */
export async function judgePull(
  source: PullSource,
  snapshot: Snapshot,
  defaultBranch: string,
): Promise<Judgement> {
  const pull = snapshot.pull;
  if (pull.baseRef !== defaultBranch)
    return {
      pull,
      snapshot,
      allowed: false,
      reason: `#${pull.number} targets ${pull.baseRef}, not ${defaultBranch}; only pull requests into ${defaultBranch} are checked`,
    };
  // Still UNKNOWN after Report asked again: not a refusal, but a head to judge again (it waits pending).
  if (pull.mergeable === null)
    return {
      pull,
      snapshot,
      moved: `#${pull.number}: GitHub has not yet worked out what it would merge`,
      gone: false,
    };
  const author = authorOf(snapshot, source.repository);
  const { files, reviews } = await morePages(source, snapshot);
  const merge = pull.mergeCommitSha ?? undefined;
  const reader = new TextReader(
    source.graphql,
    {
      repository: source.repository,
      number: pull.number,
      baseOid: snapshot.baseOid,
      head: pull.headSha,
      merge: merge ?? null,
    },
    snapshot.texts,
  );
  const versions = await gatherRecords(files, reader.read, author, merge !== undefined);
  const now = await reader.confirm();
  const moved = movedSince(pull, now, defaultBranch);
  // Closed or pushed to: no longer this head's. Retargeted, or a new test merge: still its, unjudged.
  if (moved)
    return {
      pull,
      snapshot,
      moved: `#${pull.number} ${moved}`,
      gone: now.state !== "open" || now.headSha !== pull.headSha,
    };
  const input = {
    author,
    files,
    changedFiles: now.changedFiles,
    approvedBy: organiserApproval(reviews, versions.organisers, pull.headSha),
    noMerge:
      merge !== undefined
        ? undefined
        : "the pull request has merge conflicts, so what it would merge cannot be checked; update the branch",
    seenAt: hasDeadlines(versions.base.get(EVENT_FILE)) ? seenAt(snapshot, source.repository) : undefined,
    ...versions,
  };
  const first = decideOwnership(input);
  // Late only by this head's own run: an update or a rebase may carry content GitHub saw in time.
  const late = first.files.filter((f) => f.late).map((f) => f.path);
  const verdict =
    late.length === 0
      ? first
      : decideOwnership({
          ...input,
          contentSeenAt: await contentSeen(
            source.graphql,
            { repository: source.repository, number: pull.number, head: pull.headSha, merge: merge ?? null },
            late,
          ),
        });
  const refused = verdict.files.filter((f) => !f.allowed);
  const reason = verdict.allowed
    ? verdict.approvedBy !== undefined
      ? `approved by organiser ${verdict.approvedBy} on this commit`
      : `${author} may make every change`
    : (verdict.refusals[0] ??
      (refused.every((f) => f.late) ? refused[0]!.reason : `${refused.length} change(s) need an organiser`));
  return { pull, snapshot, allowed: verdict.allowed, reason, verdict };
}

/** What changed between the first read and the last: any of it means the verdict is not this pull request's. */
function movedSince(first: PullNow, now: PullNow, defaultBranch: string): string | undefined {
  if (now.state !== "open") return `was ${now.state} while it was read`;
  if (now.headSha !== first.headSha) return `moved on to ${now.headSha} while it was read`;
  if (now.baseRef !== defaultBranch) return `was retargeted to ${now.baseRef} while it was read`;
  if (now.mergeCommitSha !== first.mergeCommitSha)
    return "got a new test merge while it was read (its base moved)";
  return undefined;
}

/**
 * When GitHub first saw the commit: the `created_at` of its earliest Validate run for a pull
 * request (or the intake's dispatch), in ms. GitHub sets it when it creates the run and keeps it
 * on a re-run; a commit's own date is whatever its author wrote, so it is never read.
 */
function firstValidated(snapshot: Snapshot): number | undefined {
  const times = snapshot.validateRuns
    .filter(validatesPullRequest)
    .map((r) => Date.parse(r.createdAt))
    .filter((t) => !Number.isNaN(t));
  return times.length === 0 ? undefined : Math.min(...times);
}

/**
 * When GitHub saw the change: its first Validate run; for the intake's pull request, when GitHub
 * received the issue's text if that was earlier, since a form the rate limit held up is taken in
 * (and validated) only once the sweep starts the intake again, maybe after the deadline.
 */
function seenAt(snapshot: Snapshot, repository: string): number | undefined {
  const validated = firstValidated(snapshot);
  const pr = snapshot.pull;
  const issue =
    intakeIssue(pr.headRef) !== undefined && pr.headRepository === repository
      ? snapshot.issueReceivedAt
      : undefined;
  return issue === undefined ? validated : validated === undefined ? issue : Math.min(issue, validated);
}

function hasDeadlines(event: unknown): boolean {
  return Object.values(deadlinesOf(event)).some(
    (value) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
}
