import { COMMENT_AUTHOR, type GithubClient } from "../github-api.ts";
import { login, nodes, type Node } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";

/**
 * The merge groups no workflow will check unless the registry starts it: GitHub starts no
 * `merge_group` run for an entry enqueued with GITHUB_TOKEN (events that token causes start no
 * workflow; `workflow_dispatch` is exempt), neither when it is enqueued nor when the queue builds
 * its group again later (after a merge ahead of it or a removal), so the queue would drop it at
 * its timeout. For each such group whose head has no Validate run, Validate is dispatched on the
 * group's branch (`gh-readonly-queue/<base>/pr-<n>-<sha>`), with the group's parent as `base_sha`
 * and its head as `group_head`; Report then judges it as a group (report/run.ts). One read: the
 * queue's entries with their group's head, parent and check suites, and the queue's branches
 * (a point). The enqueue run, the Sweep and Report on a dispatched group call it.
 */
export const GROUPS_QUERY = `query QueueGroups($owner: String!, $name: String!, $base: String!, $prefix: String!) {
  repository(owner: $owner, name: $name) {
    mergeQueue(branch: $base) {
      entries(first: 100) {
        nodes {
          enqueuer { login __typename }
          pullRequest { number }
          baseCommit { oid }
          headCommit { oid checkSuites(first: 50) { nodes { workflowRun { event file { path } } } } }
        }
      }
    }
    refs(refPrefix: $prefix, first: 100) { nodes { name prefix target { oid } } }
  }
}`;

export interface UnrunGroup {
  /** The pull request the group was built for. */
  number: number;
  /** The group's branch, as a dispatch names it. */
  branch: string;
  headSha: string;
  baseSha: string;
}

const VALIDATE = ".github/workflows/validate.yml";

export async function groupsWithoutValidate(
  graphql: Graphql,
  repository: string,
  base: string,
): Promise<UnrunGroup[]> {
  const [owner, name] = repository.split("/");
  const prefix = `refs/heads/gh-readonly-queue/${base}/`;
  const data = (await graphql(GROUPS_QUERY, { owner, name, base, prefix })) as {
    repository: { mergeQueue: { entries: Node } | null; refs: Node | null };
  };
  // Each branch by the commit it points to: GitHub's own group commit, found, not guessed by name.
  const branches = new Map(
    nodes(data.repository.refs).map((r) => [
      String((r.target as Node | null)?.oid ?? ""),
      `${String(r.prefix)}${String(r.name)}`.replace(/^refs\/heads\//, ""),
    ]),
  );
  return nodes(data.repository.mergeQueue?.entries).flatMap((e) => {
    const head = e.headCommit as Node | null;
    const headSha = String(head?.oid ?? "");
    const branch = branches.get(headSha);
    // Only a run that checks the group counts: a pull request anyone opens with the group's commit
    // as its head runs Validate there too (event pull_request), and must not stand in for it.
    const validated = nodes(head?.checkSuites).some((s) => {
      const run = s.workflowRun as Node | null;
      const path = String((run?.file as Node | null)?.path ?? "").split("@")[0];
      return path === VALIDATE && (run?.event === "merge_group" || run?.event === "workflow_dispatch");
    });
    // A person's or an App's entry gets GitHub's merge_group run; only GITHUB_TOKEN's needs this.
    if (!head || !branch || validated || login(e.enqueuer) !== COMMENT_AUTHOR) return [];
    const number = Number((e.pullRequest as Node | null)?.number);
    const baseSha = String((e.baseCommit as Node | null)?.oid ?? "");
    return [{ number, branch, headSha, baseSha }];
  });
}

/** `workflow_dispatch` of Validate on the group's branch (a REST write; `actions: write`). */
export async function dispatchValidate(
  { octokit, repoArgs }: Pick<GithubClient, "octokit" | "repoArgs">,
  group: UnrunGroup,
): Promise<void> {
  await octokit.rest.actions.createWorkflowDispatch({
    ...repoArgs,
    workflow_id: "validate.yml",
    ref: group.branch,
    inputs: { pull_request: String(group.number), base_sha: group.baseSha, group_head: group.headSha },
  });
}

/** Dispatches Validate for at most `max` groups without a run, front of the queue first. */
export async function startUnrunGroups(
  client: Pick<GithubClient, "octokit" | "repoArgs">,
  repository: string,
  base: string,
  max: number,
  log: (line: string) => void,
): Promise<UnrunGroup[]> {
  const graphql = (query: string, variables: Record<string, unknown>) =>
    client.octokit.graphql(query, variables);
  const groups = (await groupsWithoutValidate(graphql, repository, base)).slice(0, max);
  for (const g of groups) {
    await dispatchValidate(client, g);
    log(`#${g.number}: Validate started on its merge group ${g.headSha.slice(0, 7)} (${g.branch}).`);
  }
  return groups;
}
