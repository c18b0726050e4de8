import { REPOSITORY, type Comment, type GithubModel, type Issue, type Pull } from "./github-model.ts";
import { actor, commit, connection, dateTime, type Args } from "./graphql-objects.ts";
import { removalsOf } from "./merge-queue.ts";
import { MAX_FILES, pullFiles, testMerge } from "./routes.ts";

/**
 * Pull requests, issues and their comments as GraphQL objects, from the same state and by the same
 * rules REST answers with: the files of `pulls/list-files` (capped alike), the test merge of
 * `merge_commit_sha`, `mergeable` UNKNOWN while GitHub computes it (REST's `mergeable: null`).
 */
export function commentObject(c: Comment, isPull: boolean) {
  return {
    databaseId: c.id,
    body: c.body,
    url: `https://github.com/${REPOSITORY}/${isPull ? "pull" : "issues"}/${c.issue}#issuecomment-${c.id}`,
    author: actor(c.user),
  };
}

const comments = (m: GithubModel, number: number, isPull: boolean) => (args: Args) =>
  connection(
    m.comments.filter((c) => c.issue === number).map((c) => commentObject(c, isPull)),
    args,
    (c) => c.databaseId,
  );

export function pull(m: GithubModel, pr: Pull) {
  const open = pr.state === "open";
  const pending = m.mergeabilityPending.has(pr.number);
  // GitHub computes the test merge for an open pull request only; none while it is still computing.
  // Read when a field asks (a list of pull requests need not merge each one).
  const merge = () => (open && !pending ? testMerge(m, pr) : undefined);
  const files = () => pullFiles(m, pr);
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body,
    state: pr.merged ? "MERGED" : pr.state.toUpperCase(),
    closed: !open,
    merged: pr.merged === true,
    isDraft: pr.draft === true,
    createdAt: dateTime(pr.created_at),
    updatedAt: dateTime(pr.updated_at),
    headRefOid: pr.head.sha,
    headRefName: pr.head.ref,
    baseRefName: pr.base.ref,
    baseRefOid: m.branch(REPOSITORY, pr.base.ref) ?? null,
    isCrossRepository: pr.head.repo !== REPOSITORY,
    url: `https://github.com/${REPOSITORY}/pull/${pr.number}`,
    author: actor(pr.user),
    headRepository: { nameWithOwner: pr.head.repo, name: pr.head.repo.split("/")[1] },
    headRepositoryOwner: { __typename: "User", login: pr.head.repo.split("/")[0] },
    changedFiles: () => files().length,
    mergeable: () => (!open || pending ? "UNKNOWN" : merge() ? "MERGEABLE" : "CONFLICTING"),
    potentialMergeCommit: () => {
      const sha = merge();
      return sha ? commit(m, sha) : null;
    },
    files: (args: Args) =>
      connection(
        files()
          .slice(0, MAX_FILES)
          .map((f) => ({
            path: f.filename,
            changeType: f.status === "removed" ? "DELETED" : f.status.toUpperCase(),
          })),
        args,
        (f) => f.path,
      ),
    reviews: (args: Args) =>
      connection(
        m.reviews
          .filter((r) => r.pull === pr.number)
          .map((r) => ({
            databaseId: r.id,
            author: actor(r.user),
            state: r.state,
            commit: commit(m, r.commit_id),
          })),
        args,
        (r) => r.databaseId,
      ),
    comments: comments(m, pr.number, true),
    timelineItems: (args: Args) => timeline(m, pr, args),
    commits: (args: Args) =>
      connection(
        pullCommits(m, pr).map((sha, i) => ({ position: i, commit: commit(m, sha) })),
        args,
        (c) => c.position,
      ),
  };
}

/**
 * The timeline items the model keeps: force pushes, and removals from the merge queue (each keyed
 * to the head it removed, as GitHub's `beforeCommit`). One kind asked at a time, as callers do.
 */
function timeline(m: GithubModel, pr: Pull, args: Args) {
  const types = args.itemTypes as string[] | null | undefined;
  if (types?.length === 1 && types[0] === "REMOVED_FROM_MERGE_QUEUE_EVENT")
    return connection(
      removalsOf(m, pr.number).map((r, i) => ({
        __typename: "RemovedFromMergeQueueEvent",
        position: i,
        createdAt: dateTime(r.at),
        beforeCommit: commit(m, r.head),
        reason: r.reason,
      })),
      args,
      (r) => r.position,
    );
  if (!types || types.some((t) => t !== "HEAD_REF_FORCE_PUSHED_EVENT"))
    throw new Error(
      "The GitHub model's timeline holds force pushes and merge queue removals only: ask for HEAD_REF_FORCE_PUSHED_EVENT or REMOVED_FROM_MERGE_QUEUE_EVENT",
    );
  return connection(
    m.forcePushes
      .map((f, i) => ({ ...f, i }))
      .filter((f) => f.pull === pr.number)
      .map((f) => ({
        __typename: "HeadRefForcePushedEvent",
        position: f.i,
        createdAt: dateTime(f.at),
        beforeCommit: m.git.has(f.before) ? commit(m, f.before) : null,
        afterCommit: commit(m, f.after),
      })),
    args,
    (f) => f.position,
  );
}

/** The commits a pull request adds to its base, oldest first (what `pulls/list-commits` lists). */
function pullCommits(m: GithubModel, pr: Pull): string[] {
  const base = m.branch(REPOSITORY, pr.base.ref);
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (sha: string) => {
    if (seen.has(sha) || (base !== undefined && m.git.reaches(base, sha))) return;
    seen.add(sha);
    for (const parent of m.git.get(sha).parents) visit(parent);
    order.push(sha);
  };
  visit(pr.head.sha);
  return order;
}

export function issue(m: GithubModel, i: Issue) {
  return {
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state.toUpperCase(),
    createdAt: dateTime(i.created_at),
    updatedAt: dateTime(i.updated_at),
    lastEditedAt: i.updated_at === i.created_at ? null : dateTime(i.updated_at),
    url: `https://github.com/${REPOSITORY}/issues/${i.number}`,
    author: actor(i.user),
    editor: i.editor ? actor(i.editor) : null,
    labels: (args: Args) =>
      connection(
        i.labels.map((name) => ({ name })),
        args,
        (l) => l.name,
      ),
    comments: comments(m, i.number, false),
  };
}
