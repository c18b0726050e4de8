import { nodes, runOf, type Node } from "../graphql-nodes.ts";
import type { Graphql } from "../pull-snapshot.ts";
import { groupBranch } from "../queue/judge-group.ts";
import type { Waiting } from "./find-waiting.ts";

/**
 * The merge queue's groups whose Validate run has finished but whose head shows no ownership
 * status, or a pending one: Report on them was refused (GitHub's write limit refuses even its
 * pending status) or never ran, and nothing starts it again, so GitHub would drop each entry at
 * its timeout (60 minutes by default). The Sweep starts Report for them as for a pull request
 * (workflow_dispatch of report.yml naming the Validate run and the group's branch; Report routes
 * it to the group judge and checks the run against GitHub's record). One read, a point: the
 * queue's entries with their group's head, its ownership status and its check suites.
 */
export const UNJUDGED_GROUPS_QUERY = `query QueueUnjudged($owner: String!, $name: String!, $base: String!, $context: String!) {
  repository(owner: $owner, name: $name) {
    mergeQueue(branch: $base) {
      entries(first: 100) {
        nodes {
          pullRequest { number }
          headCommit {
            oid
            status { context(name: $context) { state } }
            checkSuites(first: 20) {
              nodes { workflowRun { databaseId createdAt event url file { path } } branch { name } status conclusion }
            }
          }
        }
      }
    }
  }
}`;

/** A Validate run that checked a merge group: GitHub's merge_group run, or one dispatched on its branch. */
const checksGroup = (event: string) => event === "merge_group" || event === "workflow_dispatch";

export async function findUnjudgedGroups(
  graphql: Graphql,
  at: { repository: string; base: string; context: string },
): Promise<Waiting[]> {
  const [owner, name] = at.repository.split("/");
  const data = (await graphql(UNJUDGED_GROUPS_QUERY, {
    owner,
    name,
    base: at.base,
    context: at.context,
  })) as { repository: { mergeQueue: { entries: Node } | null } };
  return nodes(data.repository.mergeQueue?.entries).flatMap((e): Waiting[] => {
    const head = e.headCommit as Node | null;
    if (!head) return [];
    const status = (head.status as Node | null)?.context as Node | null | undefined;
    if (status && status.state !== "PENDING") return [];
    const number = Number((e.pullRequest as Node | null)?.number);
    // The newest finished run on the group's own branch, for the pull request it was built for.
    const runs = nodes(head.checkSuites)
      .flatMap(runOf)
      .filter((r) => r.finished && checksGroup(r.event) && groupBranch(r.headBranch)?.number === number)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    if (!runs[0]) return [];
    return [
      {
        number,
        headSha: String(head.oid),
        headRef: runs[0].headBranch,
        headRepository: at.repository,
        validateRun: runs[0],
        shown: status ? "pending" : "none",
      },
    ];
  });
}
