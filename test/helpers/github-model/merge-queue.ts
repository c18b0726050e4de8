import { REPOSITORY, type GithubModel, type User } from "./github-model.ts";
import { workflowsStartedBy } from "./workflow-triggers.ts";
import { buildGroup } from "./merge-group.ts";
import { readChecks } from "./queue-checks.ts";
import {
  QUEUE_DEFAULTS,
  QueueRefusal,
  type GroupEvent,
  type MergeGroup,
  type QueueEntry,
  type QueueRule,
} from "./queue-rule.ts";

export { QUEUE_DEFAULTS, QueueRefusal, type GroupEvent, type MergeGroup, type QueueEntry, type QueueRule };

/**
 * GitHub's merge queue, one per base branch, as its docs describe it ("Managing a merge queue",
 * "Merging a pull request with a merge queue", the `merge_group` event) and as GitHub behaves
 * (../shared/reference/github-platform.md §10). What a test calls:
 *
 *   const queue = enableMergeQueue(model, "main", { buildConcurrency: 5 }); // the rule, defaults below
 *   queue.enqueue(12, user("ada"))          // "Merge when ready" in the browser (same refusals)
 *   // or GraphQL enqueuePullRequest / dequeuePullRequest with a token (graphql-merge-queue.ts)
 *   queue.groups()                          // built groups: head/base SHA, temporary branch, pulls
 *   queue.events                            // each merge_group.checks_requested sent: payload,
 *                                           // cause (who enqueued), runs GitHub started for it
 *   queue.tick()                            // after moving model.now or finishing runs/statuses:
 *                                           // merges green groups, removes red/timed-out entries,
 *                                           // rebuilds the groups behind them
 *   queue.removals / queue.merges           // what left the queue, why, and what merged; each
 *                                           // removal is a REMOVED_FROM_MERGE_QUEUE_EVENT on the
 *                                           // pull request's timeline, keyed to the head removed
 *
 * Groups: the first `buildConcurrency` entries each have a group on `gh-readonly-queue/<base>/
 * pr-<n>-<parent sha>`, a merge commit of its parent (the base branch, or the group ahead) and
 * the pull request's head, so it holds the base, every entry ahead and the pull request; a
 * conflict removes the entry. Required checks are read on each group's head (queue-checks.ts);
 * "only merge non-failing pull requests": the longest all-green run of entries from the front
 * (at most `maxGroupSize`, at least `minGroupSize` unless that is every entry) merges by moving
 * the base branch to its last group's head; a failing check removes that entry and rebuilds the
 * groups behind it; no verdict within `checkTimeoutMinutes` of the group's creation removes it.
 * A `merge_group` event caused with GITHUB_TOKEN starts no workflow (workflow-triggers.ts).
 */
const queues = new WeakMap<GithubModel, Map<string, MergeQueue>>();
let entryIds = 0;

export function enableMergeQueue(m: GithubModel, branch = m.defaultBranch, rule: Partial<QueueRule> = {}) {
  if (!queues.has(m)) queues.set(m, new Map());
  const queue = new MergeQueue(m, branch, { ...QUEUE_DEFAULTS, ...rule });
  queues.get(m)!.set(branch, queue);
  return queue;
}
export const mergeQueueOf = (m: GithubModel, branch: string) => queues.get(m)?.get(branch);
/** A pull request's removals from any queue, oldest first (its timeline's REMOVED_FROM_MERGE_QUEUE_EVENT). */
export const removalsOf = (m: GithubModel, pull: number) =>
  [...(queues.get(m)?.values() ?? [])]
    .flatMap((q) => q.removals.map((r) => ({ ...r, branch: q.branch })))
    .filter((r) => r.pull === pull)
    .sort((a, b) => a.at.localeCompare(b.at));
export const queueHolding = (m: GithubModel, pull: number) =>
  [...(queues.get(m)?.values() ?? [])].find((q) => q.entry(pull));

export class MergeQueue {
  readonly entries: QueueEntry[] = [];
  readonly events: GroupEvent[] = [];
  /** Each removal, with the head it removed (a `RemovedFromMergeQueueEvent` on the pull request's timeline). */
  readonly removals: Array<{
    pull: number;
    head: string;
    reason: string;
    at: string;
    group?: MergeGroup | undefined;
  }> = [];
  readonly merges: Array<{ pulls: number[]; sha: string; at: string }> = [];

  constructor(
    readonly model: GithubModel,
    readonly branch: string,
    readonly rule: QueueRule,
  ) {}

  entry = (pull: number) => this.entries.find((e) => e.pull === pull);
  groups = () => this.entries.flatMap((e) => (e.group ? [e.group] : []));
  position = (pull: number) => this.entries.findIndex((e) => e.pull === pull) + 1;

  /** Adds an open pull request whose required checks pass; refused as GitHub refuses it. */
  enqueue(pull: number, by: User, { expectedHeadOid, jump = false } = {} as EnqueueOptions): QueueEntry {
    const m = this.model;
    const pr = m.pull(pull);
    if (!pr)
      throw new QueueRefusal("NOT_FOUND", `Could not resolve to a PullRequest with the number of ${pull}.`);
    // Wordings GitHub's docs do not give are the model's, in GitHub's "Pull request …" form.
    if (pr.state !== "open")
      throw unprocessable(pr.merged ? "Pull request is already merged" : "Pull request is closed");
    if (pr.base.ref !== this.branch)
      throw unprocessable(`Pull request's base branch ${pr.base.ref} has no merge queue`);
    if (this.entry(pull)) throw unprocessable("Pull request is already in the queue");
    if (expectedHeadOid !== undefined && expectedHeadOid !== null && expectedHeadOid !== pr.head.sha)
      throw unprocessable("Head branch was modified. Review and try the merge again.");
    if (!m.git.merge(m.branch(REPOSITORY, this.branch)!, pr.head.sha))
      throw unprocessable("Pull request is not mergeable");
    const { checks, statuses } = this.rule;
    for (const w of readChecks(m, pr.head.sha, checks, statuses).waiting)
      throw unprocessable(
        `Pull request Required status check "${w.name}" is ${w.state === "fail" ? "failing" : "expected"}.`,
      );
    const entry: QueueEntry = {
      id: `MQE_${Buffer.from(`${this.branch}:${pull}:${++entryIds}`).toString("base64url")}`,
      pull,
      headSha: pr.head.sha,
      enqueuer: by,
      jump,
      enqueuedAt: m.isoNow(),
    };
    // "Jump to the top": ahead of every entry, whose groups are then rebuilt behind it.
    if (jump) this.entries.unshift(entry);
    else this.entries.push(entry);
    this.build();
    return entry;
  }

  /** Removes a pull request at a person's or token's request ("Remove from queue", dequeuePullRequest). */
  dequeue(pull: number, by: User): QueueEntry {
    const entry = this.entry(pull);
    if (!entry) throw unprocessable("Pull request is not in the queue");
    this.remove(entry, `removed by ${by.login}`);
    this.build();
    return entry;
  }

  /** One pass of the queue on the model's clock: verdicts, timeouts, merges, rebuilt groups. */
  tick(): void {
    const m = this.model;
    for (let changed = true; changed;) {
      changed = false;
      this.build();
      for (const entry of this.entries) {
        if (!entry.group) break;
        const { state } = readChecks(m, entry.group.headSha, this.rule.checks, this.rule.statuses);
        const late = m.now - entry.group.createdAt > this.rule.checkTimeoutMinutes * 60_000;
        if (state === "fail" || (state === "pending" && late)) {
          this.remove(
            entry,
            state === "fail" ? "failed status checks" : "timed out waiting for status checks",
          );
          changed = true;
          break;
        }
      }
      if (!changed) changed = this.mergeGreen();
    }
  }

  /** The longest all-green run from the front merges: the base branch moves to its last group's head. */
  private mergeGreen(): boolean {
    const m = this.model;
    const green: QueueEntry[] = [];
    for (const entry of this.entries.slice(0, this.rule.maxGroupSize)) {
      if (
        !entry.group ||
        readChecks(m, entry.group.headSha, this.rule.checks, this.rule.statuses).state !== "pass"
      )
        break;
      green.push(entry);
    }
    if (green.length === 0 || (green.length < this.rule.minGroupSize && green.length < this.entries.length))
      return false;
    const head = green.at(-1)!.group!.headSha;
    // The merge method "merge commit": the group's merge commits become the branch's (settle-pulls.ts marks them merged).
    m.setBranch(REPOSITORY, this.branch, head);
    // The push is made as whoever queued the entry (as auto-merge's is): GitHub starts the branch's
    // push workflows (Publish) for a person or an App, and none for GITHUB_TOKEN.
    const pushed = workflowsStartedBy(m, { name: "push", actor: green.at(-1)!.enqueuer, sha: head });
    for (const path of pushed)
      m.startRun({
        path,
        event: "push",
        head_sha: head,
        head_branch: this.branch,
        head_repository: REPOSITORY,
      });
    for (const entry of green) this.drop(entry);
    this.merges.push({ pulls: green.map((e) => e.pull), sha: head, at: m.isoNow() });
    return true;
  }

  /** Builds the missing groups from the front: a group whose parent moved is built again. */
  private build(): void {
    const m = this.model;
    for (const entry of [...this.entries]) {
      const pr = m.pull(entry.pull)!;
      if (pr.state !== "open" || pr.head.sha !== entry.headSha)
        this.remove(
          entry,
          pr.state !== "open" ? "the pull request was closed" : "the pull request's head changed",
        );
    }
    let parent = m.branch(REPOSITORY, this.branch)!;
    const ahead: number[] = [];
    for (const entry of [...this.entries]) {
      if (ahead.length >= this.rule.buildConcurrency) {
        this.discard(entry);
        continue;
      }
      if (entry.group?.baseSha !== parent) {
        this.discard(entry);
        const merged = m.git.merge(parent, entry.headSha);
        if (!merged) {
          this.remove(entry, "merge conflict");
          continue;
        }
        const group = buildGroup(m, this.branch, entry, parent, merged, [...ahead, entry.pull]);
        entry.group = group.group;
        this.events.push(group);
      }
      parent = entry.group.headSha;
      ahead.push(entry.pull);
    }
  }

  private remove(entry: QueueEntry, reason: string): void {
    this.removals.push({
      pull: entry.pull,
      head: entry.headSha,
      reason,
      at: this.model.isoNow(),
      group: entry.group,
    });
    this.drop(entry);
  }

  private drop(entry: QueueEntry): void {
    this.discard(entry);
    this.entries.splice(this.entries.indexOf(entry), 1);
  }

  /** A group GitHub no longer builds: its temporary branch is deleted. */
  private discard(entry: QueueEntry): void {
    if (entry.group)
      this.model.branches.get(REPOSITORY)?.delete(entry.group.headRef.replace(/^refs\/heads\//, ""));
    entry.group = undefined;
  }
}

interface EnqueueOptions {
  expectedHeadOid?: string | null | undefined;
  jump?: boolean | undefined;
}

const unprocessable = (message: string) => new QueueRefusal("UNPROCESSABLE", message);
