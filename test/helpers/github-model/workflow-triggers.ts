import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ACTIONS_BOT, type GithubModel, type User } from "./github-model.ts";

/**
 * Which workflows GitHub starts for an event (docs: "Triggering a workflow", "Events that trigger
 * workflows"): those whose `on:` names the event (and, where it takes `types`, its action; a
 * `merge_group` workflow without `types` runs for `checks_requested`). An event caused with
 * GITHUB_TOKEN (the Actions bot) starts none, except `workflow_dispatch` and
 * `repository_dispatch` ("Using the GITHUB_TOKEN in a workflow": "events triggered by the
 * GITHUB_TOKEN ... will not create a new workflow run").
 *
 * GitHub reads the workflow files at the event's commit; a test's commit seldom holds
 * `.github/workflows/`, so then the project's own workflow files are read, as the default
 * branch would hold them.
 */
export interface TriggerEvent {
  name: string;
  action?: string | undefined;
  /** Who caused the event: the token's user, or the person in the browser. */
  actor: User;
  /** The commit whose workflow files GitHub reads. */
  sha: string;
}

const EXEMPT = ["workflow_dispatch", "repository_dispatch"];
const DEFAULT_TYPES: Record<string, string[]> = { merge_group: ["checks_requested"] };
const PROJECT_WORKFLOWS = join(import.meta.dirname, "../../../.github/workflows");

/** The workflow files (`.github/workflows/validate.yml`, …) GitHub starts a run of for `event`. */
export function workflowsStartedBy(m: GithubModel, event: TriggerEvent): string[] {
  if (event.actor.login === ACTIONS_BOT.login && !EXEMPT.includes(event.name)) return [];
  return [...workflowFiles(m, event.sha)]
    .filter(([, text]) => triggers(text, event.name, event.action))
    .map(([path]) => path)
    .sort();
}

/**
 * GitHub's refusal (422) of a `workflow_dispatch` for `path` at commit `sha`, read from the workflow
 * file there as GitHub reads it: a workflow without the trigger ("Workflow does not have
 * 'workflow_dispatch' trigger"), an input it does not declare ("Unexpected inputs provided"), a
 * required one missing ("Required input '…' not provided"). Undefined when GitHub starts the run.
 */
export function dispatchRefusal(
  m: GithubModel,
  sha: string,
  path: string,
  inputs: Record<string, unknown>,
): string | undefined {
  const text = workflowFiles(m, sha).get(path);
  if (text === undefined) return undefined;
  if (!triggers(text, "workflow_dispatch", undefined))
    return "Workflow does not have 'workflow_dispatch' trigger";
  const on = (parsed(text) as { on?: Record<string, { inputs?: Record<string, { required?: boolean }> }> })
    .on;
  const declared = (typeof on === "object" && on?.workflow_dispatch?.inputs) || {};
  const unexpected = Object.keys(inputs).filter((name) => !(name in declared));
  if (unexpected.length) return `Unexpected inputs provided: ${JSON.stringify(unexpected)}`;
  const missing = Object.entries(declared).find(([name, d]) => d?.required === true && !(name in inputs));
  return missing ? `Required input '${missing[0]}' not provided` : undefined;
}

/**
 * A workflow file's YAML, parsed once per text: every push, pull request and dispatch asks of each
 * of the project's workflows, and parsing them again was a large share of an hour-after test's
 * CPU. The parsed value is only read.
 */
const parsedTexts = new Map<string, unknown>();
function parsed(text: string): unknown {
  if (!parsedTexts.has(text)) parsedTexts.set(text, parse(text));
  return parsedTexts.get(text);
}

function workflowFiles(m: GithubModel, sha: string): Map<string, string> {
  const tree = m.git.get(sha).tree;
  const inCommit = [...tree].filter(([p]) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p));
  if (inCommit.length) return new Map(inCommit);
  return new Map(
    readdirSync(PROJECT_WORKFLOWS)
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => [`.github/workflows/${f}`, readFileSync(join(PROJECT_WORKFLOWS, f), "utf8")]),
  );
}

function triggers(text: string, name: string, action: string | undefined): boolean {
  const on = (parsed(text) as { on?: unknown } | null)?.on;
  if (typeof on === "string") return on === name && typesMatch(undefined, name, action);
  if (Array.isArray(on)) return on.includes(name) && typesMatch(undefined, name, action);
  if (!on || typeof on !== "object" || !(name in on)) return false;
  const config = (on as Record<string, { types?: unknown } | null>)[name];
  return typesMatch(Array.isArray(config?.types) ? (config.types as string[]) : undefined, name, action);
}

function typesMatch(types: string[] | undefined, name: string, action: string | undefined): boolean {
  if (action === undefined) return true;
  const wanted = types ?? DEFAULT_TYPES[name];
  return wanted === undefined || wanted.includes(action);
}
