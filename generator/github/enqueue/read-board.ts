import { login, nodes, type Node } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";

/**
 * The enqueue run's one read (a point a page of 100): the open pull requests into the default
 * branch, oldest first, each with its node ID, title, author, head, whether it is in the merge
 * queue, whether it is a draft, its mergeability, the ownership status on its head with who set it, and its last removal
 * from the merge queue; and whether the branch has a merge queue at all (a repository owned by a
 * user has none). A page holds 70: each pull request's two lists of 70 then price it at one point
 * (1 + 70 + 70 requests, divided by 100 and rounded), as the board without the removals cost.
 */
export const BOARD_QUERY = `query QueueBoard($owner: String!, $name: String!, $base: String!, $context: String!, $first: Int!, $after: String) {
  rateLimit { cost remaining resetAt limit }
  repository(owner: $owner, name: $name) {
    mergeQueue(branch: $base) { url }
    pullRequests(states: OPEN, baseRefName: $base, first: $first, after: $after, orderBy: { field: CREATED_AT, direction: ASC }) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id number title url headRefOid isInMergeQueue isDraft mergeable
        author { login }
        commits(last: 1) {
          nodes { commit { oid status { context(name: $context) { state description creator { login __typename } } } } }
        }
        timelineItems(itemTypes: [REMOVED_FROM_MERGE_QUEUE_EVENT], last: 1) {
          nodes { ... on RemovedFromMergeQueueEvent { beforeCommit { oid } reason createdAt } }
        }
      }
    }
  }
}`;

export interface OpenPull {
  /** GraphQL's node ID, which `enqueuePullRequest` takes. */
  id: string;
  number: number;
  title: string;
  url: string;
  author: string;
  headSha: string;
  inQueue: boolean;
  /** A draft: GitHub merges none until its author marks it ready for review. */
  draft: boolean;
  mergeable: "MERGEABLE" | "CONFLICTING" | "UNKNOWN";
  /** The ownership status on the current head (none when the newest commit listed is not the head). */
  verdict: { state: string; description: string; creator: string } | undefined;
  /** Its last removal from the merge queue: the head removed, GitHub's reason, when. */
  removed: { head: string; reason: string; at: string } | undefined;
}

export interface Board {
  pulls: OpenPull[];
  hasQueue: boolean;
  /** The GraphQL budget after the read. */
  rate: { remaining: number; limit: number; resetAt: string };
}

export async function readBoard(
  graphql: Graphql,
  at: { repository: string; base: string; context: string },
  limit = { pages: 29, perPage: 70 },
): Promise<Board> {
  const [owner, name] = at.repository.split("/");
  const pulls: OpenPull[] = [];
  let hasQueue = false;
  let rate = { remaining: 0, limit: 0, resetAt: "" };
  let after: string | null = null;
  for (let page = 0; page < limit.pages; page++) {
    const data = (await graphql(BOARD_QUERY, {
      owner,
      name,
      base: at.base,
      context: at.context,
      first: limit.perPage,
      after,
    })) as {
      rateLimit: { remaining: number; limit: number; resetAt: string };
      repository: {
        mergeQueue: object | null;
        pullRequests: { pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      };
    };
    rate = { ...data.rateLimit };
    hasQueue = data.repository.mergeQueue !== null;
    const list = data.repository.pullRequests;
    pulls.push(...nodes(list).map(openPull));
    if (!list.pageInfo.hasNextPage) break;
    after = list.pageInfo.endCursor;
  }
  return { pulls, hasQueue, rate };
}

function openPull(pr: Node): OpenPull {
  const head = String(pr.headRefOid);
  const commit = nodes(pr.commits)[0]?.commit as Node | undefined;
  const removal = nodes(pr.timelineItems)[0];
  const before = (removal?.beforeCommit as Node | null | undefined)?.oid;
  const status = commit?.oid === head ? ((commit.status as Node | null)?.context as Node | null) : null;
  return {
    id: String(pr.id),
    number: Number(pr.number),
    title: String(pr.title ?? ""),
    url: String(pr.url ?? ""),
    author: login(pr.author),
    headSha: head,
    inQueue: pr.isInMergeQueue === true,
    draft: pr.isDraft === true,
    mergeable: pr.mergeable === "MERGEABLE" || pr.mergeable === "CONFLICTING" ? pr.mergeable : "UNKNOWN",
    verdict: status
      ? {
          state: String(status.state).toLowerCase(),
          description: String(status.description ?? ""),
          creator: login(status.creator),
        }
      : undefined,
    removed:
      removal && before
        ? { head: String(before), reason: String(removal.reason ?? ""), at: String(removal.createdAt ?? "") }
        : undefined,
  };
}
