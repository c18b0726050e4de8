import { createRequire } from "node:module";
import { REPOSITORY, type GithubModel, type Issue, type WorkflowRun } from "./github-model.ts";
import { runJson } from "./routes.ts";

/**
 * Event payloads as GitHub sends them: each starts from GitHub's published example
 * (@octokit/webhooks-examples) and changes only the fields the model's state decides.
 */
interface Example {
  name: string;
  examples: Array<Record<string, unknown> & { action?: string }>;
}
const examples = createRequire(import.meta.url)("@octokit/webhooks-examples") as Example[];

function example(name: string, action: string): Record<string, unknown> {
  const found = examples.find((e) => e.name === name)?.examples.find((e) => e.action === action);
  if (!found) throw new Error(`GitHub publishes no ${name}.${action} example`);
  return structuredClone(found);
}

function repositoryOf(model: GithubModel, from: unknown) {
  return {
    ...(from as object),
    name: "sprint",
    full_name: REPOSITORY,
    owner: { ...((from as { owner?: object }).owner ?? {}), login: "org" },
    default_branch: model.defaultBranch,
  };
}

/** `workflow_run.completed` for a run the model finished (see `finishRun`). */
export function workflowRunEvent(model: GithubModel, run: WorkflowRun): Record<string, unknown> {
  const payload = example("workflow_run", "completed");
  const listed = runJson(model, run);
  payload.workflow_run = {
    ...(payload.workflow_run as object),
    ...listed,
    repository: repositoryOf(model, payload.repository),
  };
  payload.repository = repositoryOf(model, payload.repository);
  return payload;
}

/** `issues.opened` or `issues.edited` for an issue of the model, sent by `sender`. */
export function issuesEvent(
  model: GithubModel,
  action: "opened" | "edited",
  issue: Issue,
  sender = issue.user.login,
): Record<string, unknown> {
  const payload = example("issues", action);
  const from = payload.issue as Record<string, unknown>;
  payload.issue = {
    ...from,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    user: { ...(from.user as object), ...issue.user },
    labels: issue.labels.map((name) => ({ name })),
    created_at: issue.created_at,
    // GitHub stamps an edit when it happens, which is when it sends the event.
    updated_at: action === "edited" ? (issue.updated_at = model.isoNow()) : issue.updated_at,
  };
  payload.sender = {
    ...(payload.sender as object),
    login: sender,
    type: sender.endsWith("[bot]") ? "Bot" : "User",
  };
  payload.repository = repositoryOf(model, payload.repository);
  return payload;
}

/** `pull_request.opened` for pull request `number` from `headSha` into a base at `baseSha`. */
export function pullRequestEvent(number: number, headSha: string, baseSha: string): Record<string, unknown> {
  const payload = example("pull_request", "opened");
  const pr = payload.pull_request as { head: object; base: object };
  payload.number = number;
  payload.pull_request = {
    ...pr,
    number,
    head: { ...pr.head, sha: headSha },
    base: { ...pr.base, sha: baseSha },
  };
  return payload;
}

/**
 * `merge_group.checks_requested` for a group the merge queue built (see merge-queue.ts): its head
 * commit, its temporary branch and its parent, sent as caused by `sender` (who enqueued the entry).
 */
export function mergeGroupEvent(
  model: GithubModel,
  group: { headSha: string; headRef: string; baseSha: string; baseRef: string; message: string },
  sender: { login: string; type: string },
): Record<string, unknown> {
  const payload = example("merge_group", "checks_requested");
  const from = payload.merge_group as { head_commit: Record<string, unknown> };
  payload.merge_group = {
    ...from,
    head_sha: group.headSha,
    head_ref: group.headRef,
    base_sha: group.baseSha,
    base_ref: group.baseRef,
    head_commit: {
      ...from.head_commit,
      id: group.headSha,
      tree_id: model.git.treeSha(model.git.get(group.headSha).tree),
      message: group.message,
      timestamp: model.isoNow(),
    },
  };
  payload.repository = repositoryOf(model, payload.repository);
  payload.sender = {
    ...((payload.sender as object | undefined) ?? {}),
    login: sender.login,
    type: sender.type,
  };
  return payload;
}

/**
 * `workflow_dispatch` of a workflow on branch `ref` (short name) with `inputs`, sent by `sender`
 * (who dispatched: a token's user or a person). GitHub's example has no action, so it is found by
 * its name alone.
 */
export function workflowDispatchEvent(
  model: GithubModel,
  workflow: string,
  ref: string,
  inputs: Record<string, string>,
  sender: { login: string; type: string },
): Record<string, unknown> {
  const found = examples.find((e) => e.name === "workflow_dispatch")?.examples[0];
  if (!found) throw new Error("GitHub publishes no workflow_dispatch example");
  const payload = structuredClone(found);
  payload.ref = `refs/heads/${ref}`;
  payload.inputs = inputs;
  payload.workflow = `.github/workflows/${workflow}`;
  payload.repository = repositoryOf(model, payload.repository);
  payload.sender = {
    ...((payload.sender as object | undefined) ?? {}),
    login: sender.login,
    type: sender.type,
  };
  return payload;
}
