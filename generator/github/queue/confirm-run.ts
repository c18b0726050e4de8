import type { WorkflowRunRef } from "../event-payload.ts";
import type { GithubClient } from "../github-api.ts";

/**
 * The Validate run the Sweep named for a merge group (report.yml's workflow_dispatch inputs), as
 * GitHub records it: a finished Validate run of that group's head on that group's branch, started
 * by the queue (merge_group) or dispatched on the branch. Its event and conclusion are GitHub's,
 * never the inputs'. One REST request (the head's Validate runs). Throws why when GitHub disagrees:
 * Report then sets `error` on the group's head, never a green.
 */
export async function confirmGroupRun(
  { octokit, repoArgs }: Pick<GithubClient, "octokit" | "repoArgs">,
  named: WorkflowRunRef,
): Promise<WorkflowRunRef> {
  const { data } = await octokit.rest.actions.listWorkflowRuns({
    ...repoArgs,
    workflow_id: "validate.yml",
    head_sha: named.headSha,
    per_page: 100,
  });
  const run = data.workflow_runs.find((r) => r.id === named.id);
  const said = `Validate run ${named.id}`;
  if (!run) throw new Error(`${said} is not a Validate run of ${named.headSha}`);
  if (run.event !== "merge_group" && run.event !== "workflow_dispatch")
    throw new Error(`${said} was started by ${run.event}, not for a merge group`);
  if (run.head_branch !== named.headBranch)
    throw new Error(`${said} ran on ${run.head_branch ?? "no branch"}, not ${named.headBranch}`);
  if (run.status !== "completed" || (run.conclusion !== "success" && run.conclusion !== "failure"))
    throw new Error(`${said} has not finished with a verdict (${run.status}, ${run.conclusion ?? "none"})`);
  return { ...named, event: run.event, conclusion: run.conclusion, htmlUrl: run.html_url };
}
