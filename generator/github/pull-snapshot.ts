import { intakeIssue } from "./intake/intake-branch.ts";
import type { ChangedFile } from "../ownership/changed-file.ts";
import type { Review } from "../ownership/organiser-approval.ts";
import type { PullRequest, TestMerge, ValidateRun } from "./github-api.ts";
import { ISSUE_AUTHOR_QUERY, OPEN_QUERY, pullQuery, type TextWanted } from "./pull-query.ts";
import {
  blobText,
  commentOf,
  fileOf,
  hasMore,
  login,
  nodes,
  pullNow,
  runOf,
  waitingHead,
  type Comment,
  type Node,
} from "./graphql-nodes.ts";

export type { Comment };

/** `octokit.graphql`: a query and its variables in, the data out (errors are thrown). */
export type Graphql = (query: string, variables: Record<string, unknown>) => Promise<unknown>;

/** The ownership status a commit shows now (GitHub keeps the newest per context). */
export interface ShownStatus {
  state: string;
  description: string;
  targetUrl: string;
}

/** A pull request with everything a verdict reads, from one query (see pull-query.ts). */
export interface Snapshot {
  pull: PullRequest & TestMerge;
  /** The commit the default branch pointed to when read: later reads of `base` use it. */
  baseOid: string;
  files: ChangedFile[];
  /** GitHub names no old path for a rename in GraphQL: such files need the REST list. */
  renamed: boolean;
  reviews: Review[];
  comments: Comment[];
  /** Whether a list stopped at its first page (over a hundred files, reviews or comments). */
  more: { files: boolean; reviews: boolean; comments: boolean };
  status: ShownStatus | undefined;
  validateRuns: ValidateRun[];
  /** Open pull requests (number → head), when asked for: a status shows on each with that head. */
  open?: { heads: Map<number, string>; next: string | null; waiting: number[] };
  /** The issue's author, for a pull request from an intake branch. */
  issueAuthor?: string;
  /**
   * When GitHub received the issue's text as it is now (its last edit, else its opening), in ms: the
   * record on the intake's branch was built from that text or an older one.
   */
  issueReceivedAt?: number;
  /** Texts read, by `side:path`; undefined: absent there. */
  texts: Map<string, string | undefined>;
  rate: { remaining: number; limit: number; resetAt: string };
}

export const textKey = (w: TextWanted) => `${w.side}:${w.path}`;

/** Reads pull request `number` and commit `head` in one query, with the texts in `wanted`. */
export async function readSnapshot(
  graphql: Graphql,
  at: { repository: string; number: number; head: string; base: string; context: string; headBranch: string },
  wanted: readonly TextWanted[],
  withList: boolean,
): Promise<Snapshot> {
  const [owner, name] = at.repository.split("/");
  const issue = intakeIssue(at.headBranch);
  const data = (await graphql(pullQuery(wanted, withList, issue !== undefined), {
    owner,
    name,
    number: at.number,
    head: at.head,
    base: `refs/heads/${at.base}`,
    context: at.context,
    ...(issue === undefined ? {} : { issue }),
  })) as Node;
  const repo = data.repository as Node;
  const pr = repo.pullRequest as Node | null;
  if (!pr) throw new Error(`pull request #${at.number} was not found`);
  const base = (repo.base as Node | null)?.target as Node | undefined;
  if (!base) throw new Error(`the branch ${at.base} was not found`);
  const headCommit = (repo.head as Node | null) ?? {};
  const merge = pr.potentialMergeCommit as Node | null;
  const own = intakeIssue(String(pr.headRefName));
  const files = nodes(pr.files).map(fileOf);
  const texts = new Map<string, string | undefined>();
  wanted.forEach((w, i) => {
    const from = w.side === "base" ? base : w.side === "head" ? headCommit : merge;
    if (from) texts.set(textKey(w), blobText(from[`t${i}`], w));
  });
  const open = repo.open as Node | undefined;
  const status = ((headCommit.status as Node | null)?.context as Node | null) ?? undefined;
  const rate = data.rateLimit as Node;
  return {
    pull: {
      ...pullNow(pr),
      number: Number(pr.number),
      author: login(pr.author),
      headRef: String(pr.headRefName),
      headRepository: String((pr.headRepository as Node | null)?.nameWithOwner ?? ""),
    },
    baseOid: String(base.oid),
    files: files.map((f) => f.file),
    renamed: files.some((f) => f.renamed),
    reviews: nodes(pr.reviews).map((r) => ({
      author: login(r.author),
      state: String(r.state),
      commitId: String((r.commit as Node | null)?.oid ?? ""),
    })),
    comments: nodes(pr.comments).map(commentOf),
    more: { files: hasMore(pr.files), reviews: hasMore(pr.reviews), comments: hasMore(pr.comments) },
    status: status && {
      state: String(status.state).toLowerCase(),
      description: String(status.description ?? ""),
      targetUrl: String(status.targetUrl ?? ""),
    },
    validateRuns: nodes(headCommit.checkSuites).flatMap(runOf),
    ...(open
      ? {
          open: {
            heads: new Map(nodes(open).map((n) => [Number(n.number), String(n.headRefOid)])),
            next: hasMore(open) ? String((open.pageInfo as Node).endCursor) : null,
            waiting: nodes(open)
              .filter((n) => n.baseRefName === at.base && waitingHead(n) !== undefined)
              .map((n) => Number(n.number)),
          },
        }
      : {}),
    // The author of the issue this pull request's own branch names: read with the first query when
    // the watched run's branch named the same one, else asked for now.
    ...(own === undefined
      ? {}
      : issueFacts(
          own === issue ? (repo.issue as Node | null) : await readIssue(graphql, at.repository, own),
        )),
    texts,
    rate: { remaining: Number(rate.remaining), limit: Number(rate.limit), resetAt: String(rate.resetAt) },
  };
}

/** Every open pull request's head, by number: the first read's page and any after it. */
export async function openHeads(
  source: { graphql: Graphql; repository: string },
  first: Snapshot,
): Promise<Map<number, string>> {
  const heads = new Map(first.open?.heads ?? []);
  const [owner, name] = source.repository.split("/");
  for (let after = first.open?.next ?? null; after !== null;) {
    const data = (await source.graphql(OPEN_QUERY, { owner, name, after })) as { repository: Node };
    const open = data.repository.open as Node;
    for (const n of nodes(open)) heads.set(Number(n.number), String(n.headRefOid));
    after = hasMore(open) ? String((open.pageInfo as Node).endCursor) : null;
  }
  return heads;
}

/** An intake issue, for a pull request found to come from an intake branch only once read. */
async function readIssue(graphql: Graphql, repository: string, number: number): Promise<Node | null> {
  const [owner, name] = repository.split("/");
  const data = (await graphql(ISSUE_AUTHOR_QUERY, { owner, name, number })) as { repository: Node };
  return data.repository.issue as Node | null;
}

function issueFacts(issue: Node | null): { issueAuthor: string; issueReceivedAt?: number } {
  const at = Date.parse(String(issue?.lastEditedAt ?? issue?.createdAt ?? ""));
  return { issueAuthor: login(issue?.author), ...(Number.isNaN(at) ? {} : { issueReceivedAt: at }) };
}
