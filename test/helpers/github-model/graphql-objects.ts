import { blobSha } from "./git-store.ts";
import {
  REPOSITORY,
  type Comment,
  type GithubModel,
  type Issue,
  type Pull,
  type User,
  type WorkflowRun,
} from "./github-model.ts";
import { pullFiles, testMerge } from "./routes.ts";

/**
 * The model's state as GraphQL objects: plain objects whose function-valued fields graphql-js
 * calls with the field's arguments, read from the same state REST answers from, at the moment of
 * the query. `__typename` picks the type of an interface or union (GitObject, Actor).
 */
type Args = Record<string, unknown>;

/** A query for something absent: GitHub answers `null` there and an error of type NOT_FOUND. */
export class NotFound extends Error {}

/** A connection as GitHub pages it: opaque cursors, `first`/`last` with `after`/`before`. */
export function connection<T>(items: readonly T[], args: Args) {
  const cursor = (i: number) => Buffer.from(`cursor:v2:${i}`).toString("base64");
  const index = (c: unknown) =>
    typeof c === "string" ? Number(Buffer.from(c, "base64").toString().split(":")[2]) : NaN;
  let start = 0;
  let end = items.length;
  if (args.after !== undefined && args.after !== null) start = index(args.after) + 1;
  if (args.before !== undefined && args.before !== null) end = Math.min(end, index(args.before));
  if (typeof args.first === "number") end = Math.min(end, start + args.first);
  if (typeof args.last === "number") start = Math.max(start, end - args.last);
  const page = items.slice(start, end);
  return {
    totalCount: items.length,
    nodes: page,
    edges: page.map((node, i) => ({ node, cursor: cursor(start + i) })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursor(start) : null,
      endCursor: page.length ? cursor(end - 1) : null,
    },
  };
}

export const actor = (u: User) => ({ __typename: u.type === "Bot" ? "Bot" : "User", login: u.login });

export function blob(text: string) {
  return {
    __typename: "Blob",
    oid: blobSha(text),
    text,
    byteSize: Buffer.byteLength(text),
    isBinary: false,
    isTruncated: false,
  };
}

export function commit(m: GithubModel, sha: string) {
  const c = m.git.get(sha);
  return {
    __typename: "Commit",
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    tree: { __typename: "Tree", oid: m.git.treeSha(c.tree) },
    file: ({ path }: Args) => {
      const text = c.tree.get(String(path));
      return text === undefined ? null : { name: String(path).split("/").pop(), path, object: blob(text) };
    },
    status: () => status(m, sha),
    checkSuites: (args: Args) =>
      connection(
        m.runs
          .filter((r) => r.head_sha === sha)
          .reverse()
          .map(suite),
        args,
      ),
  };
}

/** GitHub's combined status: the newest status of each context, failing if any fails. */
function status(m: GithubModel, sha: string) {
  const newest = new Map<string, (typeof m.statuses)[number]>();
  for (const s of m.statuses) if (s.sha === sha) newest.set(s.context, s);
  if (newest.size === 0) return null;
  const contexts = [...newest.values()].map((s) => ({
    __typename: "StatusContext",
    context: s.context,
    state: s.state.toUpperCase(),
    description: s.description,
    targetUrl: s.target_url,
    createdAt: s.created_at,
    creator: actor(s.creator),
  }));
  const states = contexts.map((c) => c.state);
  const state = states.some((s) => s === "FAILURE" || s === "ERROR")
    ? "FAILURE"
    : states.some((s) => s === "PENDING")
      ? "PENDING"
      : "SUCCESS";
  return { state, contexts, context: ({ name }: Args) => contexts.find((c) => c.context === name) ?? null };
}

function suite(r: WorkflowRun) {
  const url = `https://github.com/${REPOSITORY}/actions/runs/${r.id}`;
  return {
    status: r.status.toUpperCase(),
    conclusion: r.conclusion ? r.conclusion.toUpperCase() : null,
    createdAt: r.created_at,
    branch: r.head_branch ? { name: r.head_branch } : null,
    workflowRun: {
      databaseId: r.id,
      createdAt: r.created_at,
      event: r.event,
      url,
      runNumber: r.id,
      file: { path: r.path },
      workflow: { name: r.path.replace(/^.*\//, "").replace(/\.yml$/, "") },
    },
  };
}

export function commentObject(c: Comment) {
  return {
    databaseId: c.id,
    body: c.body,
    url: `https://github.com/${REPOSITORY}/pull/${c.issue}#issuecomment-${c.id}`,
    author: actor(c.user),
  };
}

export function pull(m: GithubModel, pr: Pull) {
  const open = pr.state === "open";
  const pending = m.mergeabilityPending.has(pr.number);
  const merge = open && !pending ? testMerge(m, pr) : undefined;
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body,
    state: pr.merged ? "MERGED" : pr.state.toUpperCase(),
    headRefOid: pr.head.sha,
    headRefName: pr.head.ref,
    baseRefName: pr.base.ref,
    url: `https://github.com/${REPOSITORY}/pull/${pr.number}`,
    author: actor(pr.user),
    headRepository: { nameWithOwner: pr.head.repo },
    changedFiles: pullFiles(m, pr).length,
    mergeable: !open || pending ? "UNKNOWN" : merge ? "MERGEABLE" : "CONFLICTING",
    potentialMergeCommit: merge ? commit(m, merge) : null,
    files: (args: Args) =>
      connection(
        pullFiles(m, pr)
          .slice(0, 3000)
          .map((f) => ({
            path: f.filename,
            changeType: f.status === "removed" ? "DELETED" : f.status.toUpperCase(),
            additions: 0,
            deletions: 0,
          })),
        args,
      ),
    reviews: (args: Args) =>
      connection(
        m.reviews
          .filter((r) => r.pull === pr.number)
          .map((r) => ({ author: actor(r.user), state: r.state, commit: commit(m, r.commit_id) })),
        args,
      ),
    comments: (args: Args) =>
      connection(m.comments.filter((c) => c.issue === pr.number).map(commentObject), args),
    commits: (args: Args) => connection([{ commit: commit(m, pr.head.sha) }], args),
  };
}

export function issue(m: GithubModel, i: Issue) {
  return {
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state.toUpperCase(),
    createdAt: i.created_at,
    lastEditedAt: i.updated_at === i.created_at ? null : i.updated_at,
    author: actor(i.user),
    editor: i.editor ? actor(i.editor) : null,
    labels: (args: Args) =>
      connection(
        i.labels.map((name) => ({ name })),
        args,
      ),
    comments: (args: Args) =>
      connection(m.comments.filter((c) => c.issue === i.number).map(commentObject), args),
  };
}
