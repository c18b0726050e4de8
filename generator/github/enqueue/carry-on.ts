import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseRecord } from "../../load/parse-record.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { deadlinesOf, offsetInstant } from "../../validate/offset-time.ts";
import type { GithubClient } from "../github-api.ts";

/** How long the schedule carries on after an organiser's run: the evening, not the next week. */
export const CARRY_ON_HOURS = 24;
const WORKFLOW = "enqueue.yml";

export type CarryOn = { go: true; since: string } | { go: false; why: string };

/**
 * Whether a scheduled run of Queue green pull requests carries on the organiser's work: only within
 * CARRY_ON_HOURS after a run an organiser started by hand (workflow_dispatch; only people with write
 * access can) after submissions closed, by `records/event.yaml` on the default branch (the checkout;
 * no submission deadline: any such run). The write limit lets one run queue only part of a large
 * event; the schedule queues the rest as the limit frees, so the organiser acts once. A run that
 * was cancelled does not count: cancelling says "not now". Only runs on the default branch `base`
 * count: GitHub lists a workflow's runs from every branch, and one started from another branch
 * ("Use workflow from") runs nothing (the job's `if`), so it carries nothing on either.
 */
export async function carryOn(
  { octokit, repoArgs }: Pick<GithubClient, "octokit" | "repoArgs">,
  root: string,
  now: number,
  base: string,
): Promise<CarryOn> {
  const closed = submissionsClosed(root);
  if (closed === "unreadable")
    return { go: false, why: `${EVENT_FILE} could not be read, so it is not known when submissions closed` };
  const from = Math.max(closed ?? 0, now - CARRY_ON_HOURS * 3_600_000);
  if (from > now) return { go: false, why: "submissions have not closed yet" };
  const { data } = await octokit.rest.actions.listWorkflowRuns({
    ...repoArgs,
    workflow_id: WORKFLOW,
    branch: base,
    event: "workflow_dispatch",
    created: `>=${new Date(from).toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    per_page: 100,
  });
  const started = data.workflow_runs
    .filter((r) => r.conclusion !== "cancelled")
    .map((r) => r.created_at)
    .sort();
  const since = started[0];
  if (since) return { go: true, since };
  const after = closed === undefined ? "" : " since submissions closed";
  return {
    go: false,
    why: `no organiser has run it by hand${after} in the last ${CARRY_ON_HOURS} hours (Actions → Queue green pull requests → Run workflow starts it)`,
  };
}

/** Whether the schedule carries on a run an organiser starts now (the board says so). */
export function carriedOn(root: string, now: number): boolean {
  const closed = submissionsClosed(root);
  return closed !== "unreadable" && (closed === undefined || closed <= now);
}

/** When submissions closed, undefined when the event sets no time, "unreadable" when its file is not a record. */
function submissionsClosed(root: string): number | undefined | "unreadable" {
  const file = join(root, EVENT_FILE);
  if (!existsSync(file)) return "unreadable";
  const parsed = parseRecord(EVENT_FILE, readFileSync(file, "utf8"));
  if (!parsed.data || typeof parsed.data !== "object") return "unreadable";
  return offsetInstant(deadlinesOf(parsed.data).submission);
}
