import { REPOSITORY, type GithubModel } from "./github-model.ts";
import { mergeQueueOf, queueHolding } from "./merge-queue.ts";
import { readChecks, type RequiredCheck } from "./queue-checks.ts";
import type { Answer } from "./routes.ts";

/**
 * `PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge` as GitHub documents it ("Merge a pull
 * request": 200 merged, 405 when it cannot be merged, 409 when `sha` is not the head, 422 on a
 * body it does not take, which rest-check.ts answers), with the protection a test gives the base
 * branch ("About protected branches": required status checks on the head; the strict "up to date"
 * rule is not modelled, so a test cannot turn it on). The merge is a real merge commit of the base
 * and the head; settle-pulls.ts marks the pull request merged. Wordings GitHub's docs do not give
 * are the ones reported: 405 "Pull Request is not mergeable" (a conflict), 'Required status check
 * "…" is expected.' (protection); "Pull Request is in the merge queue" for a queued one.
 */
export interface Protection {
  checks: RequiredCheck[];
  statuses: string[];
}

const protections = new WeakMap<GithubModel, Map<string, Protection>>();

/** Branch protection with required status checks on `branch` (Settings → Branches). */
export function protectBranch(m: GithubModel, branch: string, rule: Protection): void {
  if (!protections.has(m)) protections.set(m, new Map());
  protections.get(m)!.set(branch, rule);
}

const refuse = (status: number, message: string): Answer => ({
  status,
  data: { message, documentation_url: "https://docs.github.com/rest/pulls/pulls#merge-a-pull-request" },
});

export function mergePull(
  m: GithubModel,
  number: number,
  body: { sha?: unknown; merge_method?: unknown },
): Answer {
  const pr = m.pull(number);
  if (!pr) return refuse(404, "Not Found");
  if (body.merge_method !== undefined && body.merge_method !== "merge")
    throw new Error("The GitHub model merges pull requests with merge_method merge only");
  if (pr.state !== "open") return refuse(405, "Pull Request is not mergeable");
  // GitHub's words for a draft (alexwlchan/auto_merge_my_pull_requests#1, lindell/multi-gitter#622).
  if (pr.draft) return refuse(405, "Pull Request is still a draft");
  if (queueHolding(m, pr.number)) return refuse(405, "Pull Request is in the merge queue");
  // The model's wording: a branch whose rule requires the queue takes no other merge.
  if (mergeQueueOf(m, pr.base.ref)) return refuse(405, "Changes must be made through the merge queue");
  if (body.sha !== undefined && body.sha !== pr.head.sha)
    return refuse(409, "Head branch was modified. Review and try the merge again.");
  const rule = protections.get(m)?.get(pr.base.ref);
  if (rule)
    for (const w of readChecks(m, pr.head.sha, rule.checks, rule.statuses).waiting)
      return refuse(
        405,
        `Required status check "${w.name}" is ${w.state === "fail" ? "failing" : "expected"}.`,
      );
  const base = m.branch(REPOSITORY, pr.base.ref)!;
  const merged = m.git.merge(base, pr.head.sha);
  if (!merged) return refuse(405, "Pull Request is not mergeable");
  const message = `Merge pull request #${pr.number} from ${pr.head.repo.split("/")[0]}/${pr.head.ref}\n\n${pr.title}`;
  const sha = m.git.commitTree([base, pr.head.sha], m.git.treeSha(m.git.get(merged).tree), message);
  m.setBranch(REPOSITORY, pr.base.ref, sha);
  return { status: 200, data: { sha, merged: true, message: "Pull Request successfully merged" } };
}
