import { validatesPullRequest } from "../find-validate-run/run.ts";
import type { ValidateRun } from "../github-api.ts";
import { WAITING_QUERY } from "../pull-query.ts";
import { nodes, runOf, waitingHead, type Node } from "../graphql-nodes.ts";
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
): Promise<{
  waiting: Waiting[];
  rate: { remaining: number; limit: number };
  queued: number;
  unpublished: string | undefined;
}> {
  const [owner, name] = at.repository.split("/");
  const waiting: Waiting[] = [];
  let rate = { remaining: 0, limit: 0 };
  let queued = 0;
  let unpublished: string | undefined;
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
        tip: { target: Node | null } | null;
        pullRequests: { pageInfo: { hasNextPage: boolean; endCursor: string | null } } & object;
      };
    };
    rate = { remaining: Number(data.rateLimit.remaining), limit: Number(data.rateLimit.limit) };
    queued = Number(data.repository.mergeQueue?.entries.totalCount ?? 0);
    if (page === 0) unpublished = unpublishedGroup(data.repository.tip?.target ?? null);
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
  return { waiting, rate, queued, unpublished };
}

/**
 * The default branch's head when it is a merge group the queue merged (a commit Validate checked:
 * an ordinary merge makes a new commit no workflow checked) with no Publish run: the queue merges
 * as whoever queued the entry, and a push made as GITHUB_TOKEN starts no workflow, so nothing
 * would publish it.
 */
function unpublishedGroup(tip: Node | null): string | undefined {
  if (!tip || typeof tip.oid !== "string") return undefined;
  const paths = nodes(tip.checkSuites).map(
    (s) => String(((s.workflowRun as Node | null)?.file as Node | null)?.path ?? "").split("@")[0],
  );
  const validated = paths.includes(".github/workflows/validate.yml");
  return validated && !paths.includes(".github/workflows/publish.yml") ? tip.oid : undefined;
}
