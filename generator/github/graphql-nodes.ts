import type { ChangedFile } from "../ownership/changed-file.ts";
import type { PullRequest, TestMerge, ValidateRun } from "./github-api.ts";
import type { TextWanted } from "./pull-query.ts";

/**
 * GitHub's GraphQL answers read into plain data: connections' nodes, comments, changed files,
 * check suites' Validate runs, file texts and a pull request's state. Every field is checked where
 * it is read.
 */
export interface Node {
  [key: string]: unknown;
}

export interface Comment {
  id: number;
  body: string;
  url: string;
  author: string;
  bot: boolean;
}

export const nodes = (connection: unknown): Node[] =>
  ((connection as { nodes?: Array<Node | null> } | null)?.nodes ?? []).filter((n): n is Node => n !== null);
export const hasMore = (connection: unknown) =>
  (connection as { pageInfo?: { hasNextPage?: boolean } } | null)?.pageInfo?.hasNextPage === true;
/**
 * An actor's login as REST and the webhooks spell it. GraphQL names a GitHub App's bot without the
 * `[bot]` REST adds (`github-actions`, not `github-actions[bot]`), and a person may hold the bare
 * name: a bot is told by its `__typename`, which a query asks for wherever a bot's identity counts.
 */
export const login = (actor: unknown) => {
  const name = String((actor as Node | null)?.login ?? "");
  return (actor as Node | null)?.__typename === "Bot" && name !== "" ? `${name}[bot]` : name;
};

export function commentOf(c: Node): Comment {
  const author = c.author as Node | null;
  return {
    id: Number(c.databaseId),
    body: String(c.body ?? ""),
    url: String(c.url ?? ""),
    author: login(author),
    bot: author?.__typename === "Bot",
  };
}

/** GraphQL's change types: a copy makes a new file; a rename's old path is only in the REST list. */
export function fileOf(f: Node): { file: ChangedFile; renamed: boolean } {
  const type = String(f.changeType);
  const status =
    type === "ADDED" || type === "COPIED" ? "added" : type === "DELETED" ? "removed" : "modified";
  return { file: { path: String(f.path), status }, renamed: type === "RENAMED" };
}

/** A check suite's Validate run, as the REST list of workflow runs would give it. */
export function runOf(suite: Node): ValidateRun[] {
  const run = suite.workflowRun as Node | null;
  const path = String((run?.file as Node | null)?.path ?? "").split("@")[0];
  if (!run || path !== ".github/workflows/validate.yml") return [];
  return [
    {
      id: Number(run.databaseId),
      url: String(run.url),
      event: String(run.event),
      headBranch: String((suite.branch as Node | null)?.name ?? ""),
      // GraphQL names no pull requests for a run; nothing here chooses by them (see judge-pull.ts).
      pullRequests: [],
      finished:
        suite.status === "COMPLETED" && (suite.conclusion === "SUCCESS" || suite.conclusion === "FAILURE"),
      createdAt: String(run.createdAt),
    },
  ];
}

/**
 * A record's text, or undefined when the path is absent. A text GitHub cuts short or calls binary
 * cannot be judged: throwing fails the run closed, with why, rather than reading it as absent.
 */
export function blobText(entry: unknown, w: TextWanted): string | undefined {
  if (entry === null || entry === undefined) return undefined;
  const blob = (entry as Node).object as Node | null;
  if (!blob || typeof blob.text !== "string" || blob.isTruncated === true || blob.isBinary === true)
    throw new Error(`${w.path} in the ${w.side} version is not a text GitHub sends whole`);
  return blob.text;
}

/** A pull request's state as any read sees it: what a verdict is confirmed against. */
export type PullNow = Pick<PullRequest, "headSha" | "baseRef" | "state" | "changedFiles"> & TestMerge;

/**
 * `mergeable` is UNKNOWN while GitHub computes the test merge and CONFLICTING on a conflict; only
 * when it is MERGEABLE does `potentialMergeCommit` name the test merge.
 */
export function pullNow(pr: Node): PullNow {
  const mergeable = pr.mergeable === "MERGEABLE" ? true : pr.mergeable === "CONFLICTING" ? false : null;
  const merge = (pr.potentialMergeCommit as Node | null)?.oid;
  return {
    headSha: String(pr.headRefOid),
    baseRef: String(pr.baseRefName),
    state: String(pr.state).toLowerCase(),
    changedFiles: Number(pr.changedFiles),
    mergeable,
    mergeCommitSha: mergeable === true && merge ? String(merge) : null,
  };
}

/**
 * The head commit of an open pull request (its `commits(last: 1)`) when it shows no ownership
 * status or a pending one; undefined once it has a verdict.
 */
export function waitingHead(pr: Node): { commit: Node; shown: "none" | "pending" } | undefined {
  const commit = nodes(pr.commits)[0]?.commit as Node | undefined;
  if (!commit || commit.oid !== pr.headRefOid) return undefined;
  const status = (commit.status as Node | null)?.context as Node | null | undefined;
  if (status && status.state !== "PENDING") return undefined;
  return { commit, shown: status ? "pending" : "none" };
}
