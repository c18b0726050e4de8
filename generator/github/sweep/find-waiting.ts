import { validatesPullRequest } from "../find-validate-run/run.ts";
import type { ValidateRun } from "../github-api.ts";
import { WAITING_QUERY } from "../pull-query.ts";
import { nodes, runOf, waitingHead } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";

/** An open pull request into the default branch whose head has no verdict yet, and what Report needs to judge it. */
export interface Waiting {
  number: number;
  headSha: string;
  headRef: string;
  headRepository: string;
  /** The newest finished Validate run of the head, whose artifact Report reads. */
  validateRun: ValidateRun;
  /** `none`, or the pending status the head shows. */
  shown: "none" | "pending";
}

/**
 * The open pull requests into the default branch, oldest first, whose current head shows no
 * ownership status or a pending one and whose Validate run for that head has finished: each is
 * judged once for its current head, whatever pushes before it missed. A head still being validated
 * is left to its own Report; one whose Validate waits for approval, to the organiser.
 */
export async function findWaiting(
  graphql: Graphql,
  at: { repository: string; base: string; context: string },
  limit: { pages: number; perPage: number; max: number },
): Promise<{ waiting: Waiting[]; rate: { remaining: number; limit: number }; queued: number }> {
  const [owner, name] = at.repository.split("/");
  const waiting: Waiting[] = [];
  let rate = { remaining: 0, limit: 0 };
  let queued = 0;
  let after: string | null = null;
  for (let page = 0; page < limit.pages; page++) {
    const data = (await graphql(WAITING_QUERY, {
      owner,
      name,
      base: at.base,
      context: at.context,
      after,
      first: limit.perPage,
    })) as {
      rateLimit: { remaining: number; limit: number };
      repository: {
        mergeQueue: { entries: { totalCount: number } } | null;
        pullRequests: { pageInfo: { hasNextPage: boolean; endCursor: string | null } } & object;
      };
    };
    rate = { remaining: Number(data.rateLimit.remaining), limit: Number(data.rateLimit.limit) };
    queued = Number(data.repository.mergeQueue?.entries.totalCount ?? 0);
    const list = data.repository.pullRequests;
    for (const pr of nodes(list)) {
      const head = waitingHead(pr);
      if (!head) continue;
      const runs = nodes(head.commit.checkSuites)
        .flatMap(runOf)
        .filter((r) => r.finished && validatesPullRequest(r))
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      if (runs.length === 0) continue;
      waiting.push({
        number: Number(pr.number),
        headSha: String(pr.headRefOid),
        headRef: String(pr.headRefName),
        headRepository: String((pr.headRepository as { nameWithOwner?: string } | null)?.nameWithOwner ?? ""),
        validateRun: runs[0]!,
        shown: head.shown,
      });
    }
    // Pages go on past heads that have their verdict (a page of 50 costs a point) until enough wait.
    if (!list.pageInfo.hasNextPage || waiting.length >= limit.max) break;
    after = list.pageInfo.endCursor;
  }
  return { waiting, rate, queued };
}
