import type { GithubClient } from "../github-api.ts";

/**
 * GitHub's rate limit, remembered from one run of Queue green pull requests to the next. A run that
 * GitHub refuses says until when as a warning, which GitHub keeps as an annotation on the run's job
 * (workflow commands: `::warning::`); the next scheduled run reads the newest finished run's
 * annotations and writes nothing before that time, as GitHub asks: "Continuing to make requests
 * while you are rate limited may result in the banning of your integration". A run that waits
 * says so again, so the time carries from run to run until it passes.
 */
const WORKFLOW = "enqueue.yml";
const NOTE = /^GitHub refused this workflow's requests until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/;

/** The warning a refused run leaves (and a run that waits for it repeats). */
export function refusalNote(until: Date): string {
  const at = until.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `GitHub refused this workflow's requests until ${at} (its rate limit): the schedule sends none before then.`;
}

/** Until when the newest finished run on `base` said GitHub refuses, if that is still ahead: three reads (its one job). */
export async function lastRefusal(
  { octokit, repoArgs }: Pick<GithubClient, "octokit" | "repoArgs">,
  base: string,
  now: number,
): Promise<Date | undefined> {
  const { data: runs } = await octokit.rest.actions.listWorkflowRuns({
    ...repoArgs,
    workflow_id: WORKFLOW,
    branch: base,
    status: "completed",
    per_page: 1,
  });
  const last = runs.workflow_runs[0];
  if (!last) return undefined;
  const { data: jobs } = await octokit.rest.actions.listJobsForWorkflowRun({
    ...repoArgs,
    run_id: last.id,
    filter: "latest",
    per_page: 10,
  });
  let until: number | undefined;
  for (const job of jobs.jobs) {
    const checkRun = Number(/\/check-runs\/(\d+)$/.exec(job.check_run_url)?.[1]);
    if (!Number.isSafeInteger(checkRun)) continue;
    const { data: notes } = await octokit.rest.checks.listAnnotations({
      ...repoArgs,
      check_run_id: checkRun,
      per_page: 50,
    });
    for (const note of notes) {
      const at = NOTE.exec(note.message ?? "")?.[1];
      if (at) until = Math.max(until ?? 0, Date.parse(at));
    }
  }
  return until !== undefined && until > now ? new Date(until) : undefined;
}
