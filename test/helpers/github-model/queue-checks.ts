import type { GithubModel } from "./github-model.ts";

/**
 * The checks a merge queue's rule requires, read on one commit as branch protection reads them
 * (docs: "About protected branches", required status checks): a check run by its name, a commit
 * status by its context, the newest of each. The model's workflow runs have no jobs, so a required
 * check names the workflow whose one job reports it (`validate` is Validate's job).
 */
export interface RequiredCheck {
  /** The check run's name, as the rule lists it. */
  name: string;
  /** The workflow file whose job reports it. */
  workflow: string;
}

export type CheckState = "pass" | "fail" | "pending";

export interface CheckReading {
  state: CheckState;
  /** What does not pass (`validate`, `hackathon-registry / ownership`), with its state. */
  waiting: Array<{ name: string; state: CheckState }>;
}

/** Conclusions GitHub counts as passing a required check. */
const PASSING = ["success", "neutral", "skipped"];

export function readChecks(
  m: GithubModel,
  sha: string,
  checks: readonly RequiredCheck[],
  statuses: readonly string[],
): CheckReading {
  const waiting: CheckReading["waiting"] = [];
  for (const check of checks) {
    // GitHub lists runs newest first; the model keeps them that way (`unshift`).
    const run = m.runs.find((r) => r.path === check.workflow && r.head_sha === sha);
    const state: CheckState =
      !run || run.status !== "completed" || run.conclusion === null
        ? "pending"
        : PASSING.includes(run.conclusion)
          ? "pass"
          : "fail";
    if (state !== "pass") waiting.push({ name: check.name, state });
  }
  for (const context of statuses) {
    const status = m.status(sha, context);
    const state: CheckState =
      status?.state === "success"
        ? "pass"
        : status?.state === "failure" || status?.state === "error"
          ? "fail"
          : "pending";
    if (state !== "pass") waiting.push({ name: context, state });
  }
  const state = waiting.some((w) => w.state === "fail") ? "fail" : waiting.length ? "pending" : "pass";
  return { state, waiting };
}
