import { readGroupArtifact } from "../../report/group-artifact.ts";
import type { WorkflowRunRef } from "../event-payload.ts";
import type { GithubClient, StatusState } from "../github-api.ts";
import { clashComment, refusalComment } from "./group-comment.ts";
import { readChanges, readContent, readOwnPull, readQueue } from "./group-reads.ts";
import { groupBranch, groupEntries, judgeGroup, type GroupVerdict } from "./judge-group.ts";

/**
 * Report's branch for a Validate run on a merge group (`workflow_run`, event `merge_group`): the
 * ownership status on the group's head commit, from what GitHub says of the group (judge-group.ts),
 * and, when the group fails because of the pull request it was built for, a comment telling that
 * pull request's author why GitHub removes it from the queue. Within 6 REST requests (the
 * artifact's download takes 2) and 3 GraphQL points, whatever the group's size.
 */
export interface GroupInput {
  client: Pick<GithubClient, "octokit" | "repoArgs">;
  watched: WorkflowRunRef;
  reportDir: string;
  defaultBranch: string;
  /** Accounts whose ownership status is Report's own. */
  trusted: readonly string[];
  context: string;
  /** This Report run's and the Validate run's pages. */
  runUrl: string;
  validateRunUrl: string;
  clip: (text: string) => string;
}
export type GroupOutcome = GroupVerdict & { commented?: number };

export async function reportGroup(input: GroupInput): Promise<GroupOutcome> {
  const { client, watched } = input;
  const { octokit, repoArgs } = client;
  const setStatus = (state: StatusState, description: string, url: string) =>
    octokit.rest.repos.createCommitStatus({
      ...repoArgs,
      sha: watched.headSha,
      state,
      context: input.context,
      description: input.clip(description),
      target_url: url,
    });
  const comment = (number: number, body: string) =>
    octokit.rest.issues.createComment({ ...repoArgs, issue_number: number, body });
  const refuse = async (description: string): Promise<GroupOutcome> => {
    await setStatus("failure", description, input.runUrl);
    return { state: "failure", description, pulls: [] };
  };

  const read = await readGroupArtifact(input.reportDir);
  if (!read.ok) return refuse(`Validate's report was refused: ${read.reason}`);
  const { mergeGroup } = read.report;
  if (mergeGroup.headSha !== watched.headSha || mergeGroup.headRef !== `refs/heads/${watched.headBranch}`)
    return refuse(
      `Validate's report names ${mergeGroup.headRef} at ${mergeGroup.headSha}, not the run's group`,
    );
  const named = groupBranch(watched.headBranch);
  if (!named) return refuse(`${watched.headBranch} is not a merge queue's branch`);

  // Validate refused the combined records: GitHub drops the entry on that check alone, so the
  // pull request is found from the group's own commit rather than from the queue.
  if (watched.conclusion !== "success" || !read.report.ok) {
    const description = "Validate found problems in the records of this merge group";
    await setStatus("failure", description, input.validateRunUrl);
    const own = await readOwnPull(client, named.number, watched.headSha);
    if (!own) return { state: "failure", description, pulls: [] };
    const body = clashComment(watched.headSha, read.report.diagnostics, input.validateRunUrl, own.files);
    await comment(own.number, body);
    return { state: "failure", description, pulls: [own.number], blame: own.number, commented: own.number };
  }

  const entries = await readQueue(client, input.defaultBranch);
  const facts = {
    headSha: watched.headSha,
    headBranch: watched.headBranch,
    defaultBranch: input.defaultBranch,
    entries,
  };
  const found = groupEntries({
    ...facts,
    changes: [],
    verdicts: new Map(),
    blobs: new Map(),
    trusted: input.trusted,
  });
  if ("refusal" in found) return refuse(found.refusal);
  const changes = await readChanges(client, input.defaultBranch, watched.headSha);
  const paths = new Set((changes ?? []).map((c) => c.path));
  const { verdicts, blobs } = await readContent(client, found.entries, paths, input.context);
  const verdict = judgeGroup({
    ...facts,
    entries: found.entries,
    changes,
    verdicts,
    blobs,
    trusted: input.trusted,
  });
  await setStatus(verdict.state, verdict.description, input.runUrl);
  // Only the entry the group is for leaves the queue with it; one ahead is told by its own group's run.
  const own = found.entries.at(-1)!.number;
  if (verdict.state === "failure" && verdict.blame === own) {
    await comment(own, refusalComment(watched.headSha, verdict.description, input.runUrl));
    return { ...verdict, commented: own };
  }
  return verdict;
}
