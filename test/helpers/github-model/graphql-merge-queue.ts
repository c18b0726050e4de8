import { REPOSITORY, type GithubModel, type User } from "./github-model.ts";
import { TypedError } from "./graphql-errors.ts";
import { actor, commit, connection, dateTime, type Args } from "./graphql-objects.ts";
import { pull } from "./graphql-pulls.ts";
import { mergeQueueOf, queueHolding, type MergeQueue, type QueueEntry } from "./merge-queue.ts";
import { readChecks } from "./queue-checks.ts";

/**
 * The merge queue in GraphQL, from the state merge-queue.ts keeps (schema: MergeQueue,
 * MergeQueueEntry, EnqueuePullRequestInput, DequeuePullRequestInput): the mutations
 * `enqueuePullRequest` and `dequeuePullRequest`, `Repository.mergeQueue(branch:)`,
 * `PullRequest.id`/`isInMergeQueue`/`isMergeQueueEnabled`/`mergeQueueEntry`, and `node(id:)` for a
 * pull request's or an entry's ID. A mutation is checked against the published schema, priced and
 * counted as a content-creating request like any other (graphql.ts, rate-limits.ts); the token's
 * user is who enqueued, which decides whether the group's `merge_group` starts workflows.
 */
export interface Viewer {
  actor: User;
  token: string;
}
export interface QueueContext {
  model: GithubModel;
  viewer?: Viewer | undefined;
}

/** GitHub's node IDs are opaque; the model's name the pull request's number. */
export const pullNodeId = (number: number) =>
  `PR_${Buffer.from(`${REPOSITORY}#${number}`).toString("base64url")}`;

function pullOfNode(m: GithubModel, id: unknown) {
  const match = /^PR_(.+)$/.exec(String(id));
  const key = match ? Buffer.from(match[1]!, "base64url").toString() : "";
  const number = key.startsWith(`${REPOSITORY}#`) ? Number(key.slice(REPOSITORY.length + 1)) : NaN;
  return m.pull(number);
}

const notFound = (id: unknown) =>
  new TypedError("NOT_FOUND", `Could not resolve to a node with the global id of '${String(id)}'.`);

export function queueObject(m: GithubModel, queue: MergeQueue) {
  const { rule } = queue;
  return {
    id: `MQ_${Buffer.from(`${REPOSITORY}:${queue.branch}`).toString("base64url")}`,
    url: `https://github.com/${REPOSITORY}/queue/${queue.branch}`,
    resourcePath: `/${REPOSITORY}/queue/${queue.branch}`,
    nextEntryEstimatedTimeToMerge: null,
    configuration: {
      checkResponseTimeout: rule.checkTimeoutMinutes,
      maximumEntriesToBuild: rule.buildConcurrency,
      maximumEntriesToMerge: rule.maxGroupSize,
      minimumEntriesToMerge: rule.minGroupSize,
      minimumEntriesToMergeWaitTime: 5,
      mergeMethod: rule.mergeMethod,
      mergingStrategy: "ALLGREEN",
    },
    entries: (args: Args) =>
      connection(
        queue.entries.map((e) => entryObject(m, queue, e)),
        args,
        (e) => e.position,
      ),
  };
}

export function entryObject(m: GithubModel, queue: MergeQueue, e: QueueEntry) {
  const group = e.group;
  const reading = group && readChecks(m, group.headSha, queue.rule.checks, queue.rule.statuses).state;
  return {
    __typename: "MergeQueueEntry",
    id: e.id,
    enqueuedAt: dateTime(e.enqueuedAt),
    enqueuer: actor(e.enqueuer),
    jump: e.jump,
    solo: false,
    estimatedTimeToMerge: null,
    // 1 at the front; an entry that has left the queue keeps no place.
    position: queue.position(e.pull),
    state: !reading
      ? "QUEUED"
      : reading === "pass"
        ? "MERGEABLE"
        : reading === "fail"
          ? "UNMERGEABLE"
          : "AWAITING_CHECKS",
    headCommit: group ? commit(m, group.headSha) : null,
    baseCommit: group ? commit(m, group.baseSha) : null,
    pullRequest: () => ({ __typename: "PullRequest", ...pull(m, m.pull(e.pull)!) }),
    mergeQueue: () => queueObject(m, queue),
  };
}

/** Fields the merge queue adds to objects other modules make, read only when the model has not set them. */
export const QUEUE_FIELDS: Record<
  string,
  Record<string, (source: Record<string, unknown>, args: Args, c: QueueContext) => unknown>
> = {
  PullRequest: {
    id: (s) => pullNodeId(Number(s.number)),
    isInMergeQueue: (s, _a, { model }) => queueHolding(model, Number(s.number)) !== undefined,
    isMergeQueueEnabled: (s, _a, { model }) => mergeQueueOf(model, String(s.baseRefName)) !== undefined,
    mergeQueueEntry: (s, _a, { model }) => {
      const queue = queueHolding(model, Number(s.number));
      return queue ? entryObject(model, queue, queue.entry(Number(s.number))!) : null;
    },
  },
  Repository: {
    mergeQueue: (_s, { branch }, { model }) => {
      const queue = mergeQueueOf(model, branch == null ? model.defaultBranch : String(branch));
      return queue ? queueObject(model, queue) : null;
    },
  },
};

/** The root fields: `node(id:)` and the two mutations, run as the token's user. */
export function queueRoot(m: GithubModel, viewer: Viewer | undefined) {
  const who = () => {
    if (!viewer) throw new Error("The GitHub model runs a mutation only for a token's user");
    return viewer.actor;
  };
  return {
    node: ({ id }: Args) => {
      const pr = pullOfNode(m, id);
      if (pr) return { __typename: "PullRequest", ...pull(m, pr) };
      throw notFound(id);
    },
    enqueuePullRequest: ({ input }: Args) => {
      const { pullRequestId, expectedHeadOid, jump, clientMutationId } = input as Record<string, unknown>;
      const pr = pullOfNode(m, pullRequestId);
      if (!pr) throw notFound(pullRequestId);
      // GitHub's words for merging a draft by GraphQL (`mergePullRequest`, ship-studio#482); a draft
      // joins no queue either (the model's wording is the merge's).
      if (pr.draft) throw new TypedError("UNPROCESSABLE", "Pull Request is still a draft");
      const queue = mergeQueueOf(m, pr.base.ref);
      if (!queue)
        // The model's wording: GitHub's for a branch without a queue was not found.
        throw new TypedError("UNPROCESSABLE", `Pull request's base branch ${pr.base.ref} has no merge queue`);
      const entry = queue.enqueue(pr.number, who(), {
        expectedHeadOid: expectedHeadOid as string | null | undefined,
        jump: jump === true,
      });
      return { clientMutationId: clientMutationId ?? null, mergeQueueEntry: entryObject(m, queue, entry) };
    },
    dequeuePullRequest: ({ input }: Args) => {
      const { id, clientMutationId } = input as Record<string, unknown>;
      const pr = pullOfNode(m, id);
      if (!pr) throw notFound(id);
      const queue = queueHolding(m, pr.number);
      if (!queue) throw new TypedError("UNPROCESSABLE", "Pull request is not in the queue");
      const entry = queue.dequeue(pr.number, who());
      return { clientMutationId: clientMutationId ?? null, mergeQueueEntry: entryObject(m, queue, entry) };
    },
  };
}
