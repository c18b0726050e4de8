import { REPOSITORY, type GithubModel } from "./github-model.ts";
import type { GroupEvent, QueueEntry } from "./queue-rule.ts";
import { mergeGroupEvent } from "./webhook-events.ts";
import { workflowsStartedBy } from "./workflow-triggers.ts";

/**
 * One merge group as GitHub builds it: a merge commit of its parent (the base branch, or the group
 * ahead) and the pull request's head, on `gh-readonly-queue/<base>/pr-<n>-<parent>`, then
 * `merge_group.checks_requested` sent as caused by the entry's enqueuer, and the runs GitHub
 * starts for it (none for GITHUB_TOKEN). A new commit each time (GitHub's has a new date), so a
 * rebuilt group never inherits an old group's runs.
 */
export function buildGroup(
  m: GithubModel,
  base: string,
  entry: QueueEntry,
  parent: string,
  merged: string,
  pulls: number[],
): GroupEvent {
  const pr = m.pull(entry.pull)!;
  const message = `Merge pull request #${pr.number} from ${pr.head.repo.split("/")[0]}/${pr.head.ref}\n\n${pr.title}`;
  const tree = m.git.treeSha(m.git.get(merged).tree);
  const head = m.git.commitTree([parent, entry.headSha], tree, message);
  const name = `gh-readonly-queue/${base}/pr-${entry.pull}-${parent}`;
  m.setBranch(REPOSITORY, name, head);
  const group = { headSha: head, baseSha: parent, headRef: `refs/heads/${name}`, pulls, createdAt: m.now };
  const payload = mergeGroupEvent(m, { ...group, baseRef: `refs/heads/${base}`, message }, entry.enqueuer);
  const workflows = workflowsStartedBy(m, {
    name: "merge_group",
    action: "checks_requested",
    actor: entry.enqueuer,
    sha: head,
  });
  const runs = workflows.map((path) =>
    m.startRun({
      path,
      event: "merge_group",
      head_sha: head,
      head_branch: name,
      head_repository: REPOSITORY,
    }),
  );
  return { payload, group, cause: entry.enqueuer, runs };
}
