import type { GithubClient } from "../github-api.ts";
import { rateLimitOf } from "../rate-limit.ts";
import { oneByOne, type Enqueued } from "./enqueue-pulls.ts";
import type { OpenPull } from "./read-board.ts";

/**
 * Without a merge queue (a repository owned by a user has none): each green pull request merged
 * directly, oldest first (REST "Merge a pull request", merge method merge, `sha` the head Report
 * judged, so GitHub refuses a head that moved since with 409). A refusal of one pull request (405:
 * a conflict, the branch's protection; 409: a moved head) is that pull request's and the run goes
 * on; a rate limit stops it, and so does the run's allowance. Each was validated alone, so two can
 * clash once both are merged: Publish's build then fails, names the records and keeps the last good
 * site (docs/architecture.md, "When Publish's build fails").
 */
type Client = Pick<GithubClient, "octokit" | "repoArgs">;

export async function mergeOldestFirst(
  { octokit, repoArgs }: Client,
  green: readonly OpenPull[],
  max: number,
  log: (line: string) => void,
  now = Date.now,
): Promise<Enqueued> {
  return oneByOne(green, max, log, now, async (pull) => {
    try {
      await octokit.rest.pulls.merge({
        ...repoArgs,
        pull_number: pull.number,
        sha: pull.headSha,
        merge_method: "merge",
      });
      log(`#${pull.number}: merged at ${pull.headSha.slice(0, 7)}.`);
      return { position: null };
    } catch (error) {
      const e = error as { status?: number; response?: { data?: { message?: unknown } } };
      if (rateLimitOf(error, now()) || (e.status !== 405 && e.status !== 409 && e.status !== 422))
        throw error;
      const why = String(e.response?.data?.message ?? `HTTP ${e.status}`);
      log(`#${pull.number}: GitHub refused to merge it: ${why}`);
      return { refused: why };
    }
  });
}

/** Publish once after the merges: a push made with GITHUB_TOKEN starts no workflow (an App's does). */
export async function dispatchPublish({ octokit, repoArgs }: Client, base: string): Promise<void> {
  await octokit.rest.actions.createWorkflowDispatch({ ...repoArgs, workflow_id: "publish.yml", ref: base });
}
