import { validatesPullRequest } from "../find-validate-run/run.ts";
import { nodes, runOf, type Node } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";

/**
 * Lateness dated by content: an update of the branch, a rebase or a merge group made after the
 * deadline carries content GitHub already saw. For each path, when GitHub first validated the very
 * blob that the head (and the test merge) hold now, at an earlier head of this pull request: the
 * `created_at` of a Validate run GitHub made for a commit of the pull request (its commits, and the
 * heads a force push replaced). Blob SHAs name content, so a changed byte is a new blob, never
 * dated before it existed; commit dates are never read.
 */

/** Commits of the pull request read, newest last; older ones fall back to the head's own date (fail closed). */
const COMMITS = 30;
/** Force pushes read, newest last. */
const FORCE_PUSHES = 10;
/** Check suites per commit: Validate is one of the few workflows a pull request runs. */
const SUITES = 10;

const SUITE_FIELDS = `checkSuites(first: ${SUITES}) { nodes { workflowRun { databaseId createdAt event url file { path } } branch { name } status conclusion } }`;

function blobs(paths: readonly string[]): string {
  return paths.map((p, i) => `f${i}: file(path: ${JSON.stringify(p)}) { oid }`).join(" ");
}

/** One query, about 1 point: the head's and test merge's blobs, and each earlier head's blobs and Validate runs. */
export function contentSeenQuery(paths: readonly string[]): string {
  const commit = `oid ${blobs(paths)} ${SUITE_FIELDS}`;
  return `query ContentSeen($owner: String!, $name: String!, $number: Int!, $head: GitObjectID!, $merge: GitObjectID!, $withMerge: Boolean!) {
  repository(owner: $owner, name: $name) {
    head: object(oid: $head) { ... on Commit { oid ${blobs(paths)} } }
    merge: object(oid: $merge) @include(if: $withMerge) { ... on Commit { oid ${blobs(paths)} } }
    pullRequest(number: $number) {
      commits(last: ${COMMITS}) { nodes { commit { ${commit} } } }
      timelineItems(itemTypes: [HEAD_REF_FORCE_PUSHED_EVENT], last: ${FORCE_PUSHES}) {
        nodes { ... on HeadRefForcePushedEvent { beforeCommit { ${commit} } } }
      }
    }
  }
}`;
}

/**
 * For each path whose blob at the head equals its blob at the test merge (when there is one), the
 * earliest `created_at` of a Validate run for a pull request on a commit of this pull request that
 * holds the same blob, in ms. A path absent at the head, or whose merge differs from the head, or
 * never validated with that blob, has no entry: it is dated as before, by the head's own run.
 */
export async function contentSeen(
  graphql: Graphql,
  at: { repository: string; number: number; head: string; merge: string | null },
  paths: readonly string[],
): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  if (paths.length === 0) return seen;
  const [owner, name] = at.repository.split("/");
  const data = (await graphql(contentSeenQuery(paths), {
    owner,
    name,
    number: at.number,
    head: at.head,
    merge: at.merge ?? at.head,
    withMerge: at.merge !== null,
  })) as { repository: Node };
  const repo = data.repository;
  const head = repo.head as Node | null;
  if (!head || head.oid !== at.head) return seen;
  const merge = at.merge === null ? undefined : (repo.merge as Node | null);
  if (merge === null || (merge !== undefined && merge.oid !== at.merge)) return seen;
  const pr = repo.pullRequest as Node | null;
  const earlier = [
    ...nodes(pr?.commits).map((n) => n.commit as Node | null),
    ...nodes(pr?.timelineItems).map((n) => n.beforeCommit as Node | null),
  ].filter((c): c is Node => c !== null && c !== undefined);
  paths.forEach((path, i) => {
    const now = oidAt(head, i);
    if (now === undefined || (merge !== undefined && oidAt(merge, i) !== now)) return;
    const times = earlier
      .filter((c) => oidAt(c, i) === now)
      .flatMap((c) => nodes(c.checkSuites).flatMap(runOf))
      .filter(validatesPullRequest)
      .map((r) => Date.parse(r.createdAt))
      .filter((t) => !Number.isNaN(t));
    if (times.length > 0) seen.set(path, Math.min(...times));
  });
  return seen;
}

function oidAt(commit: Node, i: number): string | undefined {
  const entry = commit[`f${i}`] as Node | null | undefined;
  return typeof entry?.oid === "string" ? entry.oid : undefined;
}
