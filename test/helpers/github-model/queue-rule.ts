import type { User, WorkflowRun } from "./github-model.ts";
import { TypedError } from "./graphql-errors.ts";
import type { RequiredCheck } from "./queue-checks.ts";

/** The merge queue's rule, entries, groups and events (merge-queue.ts keeps them). */
export interface QueueRule {
  checks: RequiredCheck[];
  statuses: string[];
  buildConcurrency: number;
  minGroupSize: number;
  maxGroupSize: number;
  checkTimeoutMinutes: number;
  mergeMethod: "MERGE";
}
/** GitHub's defaults (go-github#3822, the ruleset docs), with the registry's required checks. */
export const QUEUE_DEFAULTS: QueueRule = {
  checks: [{ name: "validate", workflow: ".github/workflows/validate.yml" }],
  statuses: ["hackathon-registry / ownership"],
  buildConcurrency: 5,
  minGroupSize: 1,
  maxGroupSize: 5,
  checkTimeoutMinutes: 60,
  mergeMethod: "MERGE",
};

export interface MergeGroup {
  headSha: string;
  baseSha: string;
  /** `refs/heads/gh-readonly-queue/main/pr-12-<baseSha>`. */
  headRef: string;
  /** The pull requests it holds, front of the queue first; the last is the entry it is for. */
  pulls: number[];
  createdAt: number;
}
export interface QueueEntry {
  id: string;
  pull: number;
  /** The pull request's head when it was enqueued: a new head removes it. */
  headSha: string;
  enqueuer: User;
  jump: boolean;
  enqueuedAt: string;
  group?: MergeGroup | undefined;
}
export interface GroupEvent {
  payload: Record<string, unknown>;
  group: MergeGroup;
  cause: User;
  /** The runs GitHub started for it (none when GITHUB_TOKEN caused it). */
  runs: WorkflowRun[];
}

/** GitHub's refusal of a queue operation, as GraphQL reports it (`type` UNPROCESSABLE, …). */
export class QueueRefusal extends TypedError {}
