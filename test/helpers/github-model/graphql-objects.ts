import { blobSha } from "./git-store.ts";
import { REPOSITORY, type GithubModel, type User, type WorkflowRun } from "./github-model.ts";
import { TypedError } from "./graphql-errors.ts";

/**
 * The model's git state as GraphQL objects: plain objects whose function-valued fields graphql-js
 * calls with the field's arguments, read from the same state REST answers from, at the moment of
 * the query. `__typename` picks the type of an interface or union (GitObject, Actor).
 */
export type Args = Record<string, unknown>;

/**
 * A connection as GitHub pages it: opaque cursors naming an item by its key (so a page after an
 * item stays after it when items before it leave the list), `first`/`last` with `after`/`before`.
 * `items` are in the list's order, which is ascending by key unless `descending`.
 */
export function connection<T>(
  items: readonly T[],
  args: Args,
  key: (item: T) => number | string,
  descending = false,
) {
  const cursor = (item: T) => Buffer.from(`cursor:v2:${JSON.stringify(key(item))}`).toString("base64");
  /** The first item past the cursor's key in the list's order (or at it): the item itself may have left the list. */
  const position = (c: unknown, inclusive: boolean): number => {
    const k = keyOf(c);
    const past = items.findIndex((item) => {
      const i = key(item);
      return i === k ? inclusive : descending ? i < k : i > k;
    });
    return past < 0 ? items.length : past;
  };
  let start = args.after == null ? 0 : position(args.after, false);
  let end = args.before == null ? items.length : Math.max(start, position(args.before, true));
  if (typeof args.first === "number") end = Math.min(end, start + args.first);
  if (typeof args.last === "number") start = Math.max(start, end - args.last);
  const page = items.slice(start, end);
  return {
    totalCount: items.length,
    nodes: page,
    edges: page.map((node) => ({ node, cursor: cursor(node) })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursor(page[0]!) : null,
      endCursor: page.length ? cursor(page.at(-1)!) : null,
    },
  };
}

/** A cursor's key; GitHub refuses a cursor it did not make. */
function keyOf(c: unknown): number | string {
  const text = Buffer.from(String(c), "base64").toString();
  let k: unknown;
  try {
    k = JSON.parse(/^cursor:v2:(.+)$/s.exec(text)?.[1] ?? "null");
  } catch {
    k = null;
  }
  if (typeof k !== "number" && typeof k !== "string")
    throw new TypedError(
      "INVALID_CURSOR_ARGUMENTS",
      `\`${String(c)}\` does not appear to be a valid cursor.`,
    );
  return k;
}

/** GitHub's DateTime: ISO 8601 in UTC to the second, `2026-12-01T09:00:00Z`. */
export const dateTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

/** GraphQL names a bot without the `[bot]` REST and the webhooks add (`github-actions`). */
export const actor = (u: User) => ({
  __typename: u.type === "Bot" ? "Bot" : "User",
  login: u.type === "Bot" ? u.login.replace(/\[bot\]$/, "") : u.login,
  url: `https://github.com/${u.type === "Bot" ? `apps/${u.login.replace(/\[bot\]$/, "")}` : u.login}`,
});

export function blob(text: string) {
  const oid = blobSha(text);
  return {
    __typename: "Blob",
    oid,
    abbreviatedOid: oid.slice(0, 7),
    text,
    byteSize: Buffer.byteLength(text),
    isBinary: false,
    isTruncated: false,
  };
}

/**
 * Each commit tree's directories as asked for (a tree never changes): a directory's files, its oid
 * and entry names are worked out once, not on every query that names the commit.
 */
const directories = new WeakMap<ReadonlyMap<string, string>, Map<string, { oid: string; names: string[] }>>();

/** A directory of a commit's tree (`""` is the root), with its entries. */
export function tree(m: GithubModel, files: ReadonlyMap<string, string>, dir: string) {
  const prefix = dir === "" ? "" : `${dir}/`;
  const known = directories.get(files) ?? new Map<string, { oid: string; names: string[] }>();
  directories.set(files, known);
  let found = known.get(dir);
  // (Another model's store has not seen the tree: made again there, so its Git Data API knows it.)
  if (!found || !m.git.tree(found.oid)) {
    const below = new Map(
      [...files].filter(([p]) => p.startsWith(prefix)).map(([p, t]) => [p.slice(prefix.length), t]),
    );
    const names = [...new Set([...below.keys()].map((p) => p.split("/")[0]!))].sort();
    found = { oid: m.git.treeSha(below), names };
    known.set(dir, found);
  }
  const { oid, names } = found;
  return {
    __typename: "Tree",
    oid,
    abbreviatedOid: oid.slice(0, 7),
    entries: () => names.map((name) => entry(m, files, `${prefix}${name}`)),
  };
}

/** A path of a commit's tree as `file(path:)` gives it: a file, a directory, or null. */
export function entry(m: GithubModel, files: ReadonlyMap<string, string>, path: string) {
  const text = files.get(path);
  const isDir = text === undefined && [...files.keys()].some((p) => p.startsWith(`${path}/`));
  if (text === undefined && !isDir) return null;
  const object = text === undefined ? tree(m, files, path) : blob(text);
  return {
    name: path.split("/").pop(),
    path,
    type: isDir ? "tree" : "blob",
    mode: isDir ? 0o40000 : 0o100644,
    oid: object.oid,
    object,
  };
}

export function commit(m: GithubModel, sha: string) {
  const c = m.git.get(sha);
  return {
    __typename: "Commit",
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    url: `https://github.com/${REPOSITORY}/commit/${sha}`,
    // Asked for by the query, not worked out for every commit a list names.
    tree: () => tree(m, c.tree, ""),
    parents: (args: Args) =>
      connection(
        c.parents.map((p) => commit(m, p)),
        args,
        (p) => p.oid,
      ),
    file: ({ path }: Args) => entry(m, c.tree, String(path)),
    status: () => status(m, sha),
    checkSuites: (args: Args) => {
      if (args.filterBy != null) throw new Error("The GitHub model does not filter check suites");
      const runs = m.runs.filter((r) => r.head_sha === sha).sort((a, b) => a.id - b.id);
      return connection(
        runs.map((r) => suite(m, r)),
        args,
        (s) => s.databaseId,
      );
    },
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
    createdAt: dateTime(s.created_at),
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

/**
 * A workflow run's check suite. Its `branch` is a Ref of this repository, so a fork's branch (or a
 * branch since deleted) is null; the run number counts that workflow's runs, as REST's does.
 */
function suite(m: GithubModel, r: WorkflowRun) {
  const branch =
    m.branch(REPOSITORY, r.head_branch) === undefined ? null : { name: r.head_branch, prefix: "refs/heads/" };
  return {
    databaseId: r.id,
    status: r.status.toUpperCase(),
    conclusion: r.conclusion === null ? null : r.conclusion.toUpperCase(),
    createdAt: dateTime(r.created_at),
    branch,
    workflowRun: {
      databaseId: r.id,
      createdAt: dateTime(r.created_at),
      event: r.event,
      url: `https://github.com/${REPOSITORY}/actions/runs/${r.id}`,
      runNumber: runNumber(m, r),
      file: { path: r.path },
      workflow: { name: r.path.replace(/^.*\//, "").replace(/\.yml$/, "") },
    },
  };
}

/** The run's number among its workflow's runs, counted from 1 in the order GitHub created them. */
export function runNumber(m: GithubModel, r: WorkflowRun): number {
  return m.runs.filter((o) => o.path === r.path && o.id <= r.id).length;
}
