import * as core from "@actions/core";
import { apiOptionsFromEnv, githubClient, type GithubClient } from "../github-api.ts";
import { startUnrunGroups } from "../enqueue/queue-groups.ts";
import { rateLimitOf } from "../rate-limit.ts";
import { OWNERSHIP_CONTEXT } from "../report/report-on-commit.ts";
import { sweep, type SweepOptions } from "./sweep.ts";
import type { Waiting } from "./find-waiting.ts";

/** The Report workflow's inputs when the sweep starts it (see report.yml). */
export function reportInputs(w: Waiting): Record<string, string> {
  return {
    validate_run: String(w.validateRun.id),
    pull_request: String(w.number),
    head_sha: w.headSha,
    // Only the concurrency group reads it; a deleted fork names none, and a required input may not be empty.
    head_repository: w.headRepository || "deleted-fork",
    head_branch: w.headRef,
  };
}

/** Sweep's starts for a whole sweep, and for the few a Report run takes on when budget is left. */
export const FULL_SWEEP = { max: 30, pages: 20, perPage: 50, reserve: 0.1, issues: 20, groups: 20 };
export const REPORT_SWEEP = { max: 2, pages: 1, perPage: 10, reserve: 0.4, issues: 0, groups: 0 };

/** The sweep's GitHub side: GraphQL reads, and `workflow_dispatch` of report.yml on the default branch. */
export function sweepDeps(client: GithubClient, base: string) {
  const { octokit, repoArgs } = client;
  return {
    graphql: (query: string, variables: Record<string, unknown>) => octokit.graphql(query, variables),
    dispatch: async (w: Waiting) => {
      await octokit.rest.actions.createWorkflowDispatch({
        ...repoArgs,
        workflow_id: "report.yml",
        ref: base,
        inputs: reportInputs(w),
      });
    },
    dispatchIntake: async (issue: number) => {
      await octokit.rest.actions.createWorkflowDispatch({
        ...repoArgs,
        workflow_id: "intake.yml",
        ref: base,
        inputs: { issue: String(issue) },
      });
    },
    dispatchPublish: async () => {
      await octokit.rest.actions.createWorkflowDispatch({
        ...repoArgs,
        workflow_id: "publish.yml",
        ref: base,
      });
    },
    startGroups: (max: number) =>
      startUnrunGroups(client, `${repoArgs.owner}/${repoArgs.repo}`, base, max, core.info),
    restBudget: async () => {
      const { data } = await octokit.rest.rateLimit.get();
      return { remaining: data.resources.core.remaining, limit: data.resources.core.limit };
    },
    log: core.info,
  };
}

/**
 * The Sweep workflow (every 10 minutes, and by hand): starts Report for every open pull request
 * into the default branch whose head has no verdict yet, oldest first, Report on the merge queue's
 * groups Validate checked but no Report judged (find-unjudged-groups.ts), and Validate on the
 * groups no workflow checks (GITHUB_TOKEN's entries), within the budget. It runs
 * the default branch's code and reads nothing of a pull request but its state on GitHub.
 *
 * Environment: GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL, DEFAULT_BRANCH.
 */
export async function run(
  env: NodeJS.ProcessEnv = process.env,
  options: Omit<SweepOptions, "repository" | "base" | "context"> = FULL_SWEEP,
): Promise<void> {
  const base = env.DEFAULT_BRANCH || "main";
  try {
    const started = await sweep(sweepDeps(githubClient(apiOptionsFromEnv(env, core.info)), base), {
      ...options,
      repository: env.GITHUB_REPOSITORY ?? "",
      base,
      context: OWNERSHIP_CONTEXT,
    });
    core.setOutput("started", String(started.length));
  } catch (error) {
    const limited = rateLimitOf(error);
    if (!limited) throw error;
    core.notice(`GitHub's rate limit is spent until ${limited.until.toISOString()}; the next sweep goes on.`);
  }
}
