import { readFile } from "node:fs/promises";

/** The webhook payload GitHub writes to `GITHUB_EVENT_PATH` for the run. */
export async function readEvent(env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  const path = required(env, "GITHUB_EVENT_PATH");
  const data = JSON.parse(await readFile(path, "utf8")) as unknown;
  if (!isObject(data)) throw new Error(`${path} does not hold an event payload`);
  return data;
}

export interface PullRequestRef {
  number: number;
  headSha: string;
  baseSha: string;
}

/**
 * `pull_request` events: the PR number and the commits its head and base point to. The intake
 * dispatches Validate on its branch (`workflow_dispatch`, which only writers can start) with the
 * pull request's number and base commit as inputs; the head is the dispatched commit.
 */
export function pullRequestOf(event: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): PullRequestRef {
  const inputs = event.inputs;
  if (isObject(inputs) && !event.pull_request) {
    const number = Number(inputs.pull_request);
    if (!Number.isInteger(number) || number <= 0 || !/^[0-9a-f]{40}$/.test(String(inputs.base_sha)))
      throw new Error(
        "this workflow_dispatch names no pull request: pull_request and base_sha inputs are required",
      );
    return { number, headSha: required(env, "GITHUB_SHA"), baseSha: String(inputs.base_sha) };
  }
  const pr = event.pull_request;
  if (!isObject(pr) || !isObject(pr.head) || !isObject(pr.base) || typeof pr.number !== "number")
    throw new Error("this is not a pull_request event: the payload has no pull_request");
  return { number: pr.number, headSha: String(pr.head.sha), baseSha: String(pr.base.sha) };
}

export interface MergeGroupRef {
  headSha: string;
  /** The group's parent: the base branch, or the group ahead of it in the queue. */
  baseSha: string;
  /** `refs/heads/gh-readonly-queue/<base>/pr-<n>-<sha>`. */
  headRef: string;
  /** `refs/heads/<base>`. */
  baseRef: string;
}

/** `merge_group` events (GitHub's merge queue asks for checks on a group's head commit); else undefined. */
export function mergeGroupOf(event: Record<string, unknown>): MergeGroupRef | undefined {
  const group = event.merge_group;
  if (!isObject(group)) return undefined;
  const [headSha, baseSha, headRef, baseRef] = [
    group.head_sha,
    group.base_sha,
    group.head_ref,
    group.base_ref,
  ];
  if (
    typeof headSha !== "string" ||
    !/^[0-9a-f]{40}$/.test(headSha) ||
    typeof baseSha !== "string" ||
    !/^[0-9a-f]{40}$/.test(baseSha) ||
    typeof headRef !== "string" ||
    typeof baseRef !== "string"
  )
    throw new Error("this merge_group event has no head_sha, base_sha, head_ref or base_ref");
  return { headSha, baseSha, headRef, baseRef };
}

/** A merge queue's temporary branch: `refs/heads/gh-readonly-queue/<base>/pr-<n>-<sha>`. */
const QUEUE_REF = /^refs\/heads\/gh-readonly-queue\/(.+)\/pr-[1-9]\d*-[0-9a-f]{40}$/;

/**
 * Validate dispatched on a merge group's branch (`workflow_dispatch`, which only writers can start;
 * GitHub refuses pushes to `gh-readonly-queue/` branches, so the branch holds GitHub's own group
 * commit): the group of an entry enqueued with GITHUB_TOKEN, for which GitHub starts no
 * `merge_group` run (generator/github/enqueue/). The group is what GitHub checked out
 * (`GITHUB_SHA`), its parent the `base_sha` input; undefined for any other dispatch.
 */
export function dispatchedGroupOf(
  event: Record<string, unknown>,
  env: NodeJS.ProcessEnv = {},
): MergeGroupRef | undefined {
  const ref = typeof event.ref === "string" ? event.ref : "";
  const named = QUEUE_REF.exec(ref);
  if (!isObject(event.inputs) || event.pull_request || event.merge_group || !named) return undefined;
  const baseSha = String(event.inputs.base_sha);
  if (!/^[0-9a-f]{40}$/.test(baseSha))
    throw new Error("this workflow_dispatch on a merge group names no base_sha");
  return { headSha: required(env, "GITHUB_SHA"), baseSha, headRef: ref, baseRef: `refs/heads/${named[1]}` };
}

export interface WorkflowRunRef {
  id: number;
  /** The watched workflow's file, `.github/workflows/validate.yml` or `review.yml` (without any `@ref`). */
  path: string;
  /** `success`, `failure`, `cancelled`, `action_required`, … */
  conclusion: string;
  /** The event that started the watched run (`pull_request`, `push`, …). */
  event: string;
  /** The branch the watched run ran on. */
  headBranch: string;
  headSha: string;
  htmlUrl: string;
  /** The pull requests GitHub names for the run: this repository's branches only, none for a fork. */
  pullRequests: number[];
}

/** `workflow_run` events: which Validate run finished, for which commit. */
export function workflowRunOf(event: Record<string, unknown>): WorkflowRunRef {
  const run = event.workflow_run;
  if (!isObject(run) || typeof run.id !== "number")
    throw new Error("this is not a workflow_run event: the payload has no workflow_run");
  return {
    id: run.id,
    // GitHub may write `path` as `.github/workflows/validate.yml@refs/heads/main`.
    path: String(run.path).split("@")[0]!,
    conclusion: String(run.conclusion),
    event: String(run.event),
    headBranch: String(run.head_branch ?? ""),
    headSha: String(run.head_sha),
    htmlUrl: String(run.html_url),
    pullRequests: (Array.isArray(run.pull_requests) ? run.pull_requests : [])
      .map((p: unknown) => (isObject(p) ? Number(p.number) : NaN))
      .filter((n) => Number.isInteger(n) && n > 0),
  };
}

/** The repository's default branch as the event's `repository` names it, if it does. */
export function defaultBranchOf(event: Record<string, unknown>): string | undefined {
  const repository = event.repository;
  const branch = isObject(repository) ? repository.default_branch : undefined;
  return typeof branch === "string" && branch !== "" ? branch : undefined;
}

export function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (value === undefined || value === "") throw new Error(`${name} is not set`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
