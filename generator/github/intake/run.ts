import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as core from "@actions/core";
import { buildRecord } from "./build-record.ts";
import { checkWithRecord, problemLine } from "./check-with-record.ts";
import { parseFormBody } from "./form-body.ts";
import { lateNotice } from "./late-notice.ts";
import { eventChoices } from "../../load/forms/form-files.ts";
import { formOf, issueForms } from "../../load/forms/issue-forms.ts";
import { parseRecord } from "../../load/parse-record.ts";
import { EVENT_FILE } from "../../record-layout.ts";
import { organisersOf } from "../../ownership/record-people.ts";
import { mdText } from "../../report/markdown-text.ts";
import { readEvent, required } from "../event-payload.ts";
import { apiOptionsFromEnv, githubClient } from "../github-api.ts";
import { ISSUE_QUERY } from "../pull-query.ts";
import { rateLimitOf } from "../rate-limit.ts";
import { login, nodes } from "../graphql-nodes.ts";
import { intakeApi } from "./intake-api.ts";
import { intakeBranch } from "./intake-branch.ts";
import { proposeRecord } from "./propose-record.ts";

/** The intake's comment on an issue starts with this, so later runs update it instead of adding one. */
export const INTAKE_MARKER = "<!-- hackathon-registry intake -->";

export interface Issue {
  number: number;
  title: string;
  author: string;
  body: string;
  labels: string[];
  /** Who opened or edited it: the event's `sender`, not always the author. */
  sender: string;
  /** When GitHub received this version: its `updated_at` (set on opening and on each edit), in ms. */
  receivedAt: number | undefined;
}

/** The form an issue's first run used, kept in the intake's comment so a later run can hold it. */
const formLine = (kind: string) => `<!-- form: ${kind} -->`;
const formIn = (comment: string | undefined) => /^<!-- form: ([a-z-]+) -->$/m.exec(comment ?? "")?.[1];

/**
 * The Intake workflow (`issues: opened, edited`), on the default branch's code and records: reads
 * the form's answers as data, builds the record with the issue's author in it, checks the whole
 * event with it by the validator, and either comments what to fix or opens (later: updates) one
 * pull request from `intake/issue-<n>` holding that one record, and links it.
 *
 * Environment: GITHUB_WORKSPACE (the default branch's checkout), GITHUB_SHA (the commit it holds),
 * GITHUB_EVENT_PATH, GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL, VALIDATE_BY_DISPATCH ("true"
 * when the token cannot start workflows: then Validate is dispatched on the branch).
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await takeIn(env);
  } catch (error) {
    const limited = rateLimitOf(error);
    if (!limited) throw error;
    // Nothing can be written past the limit; the sweep starts the intake again for this issue.
    core.notice(
      `GitHub's rate limit is spent until ${limited.until.toISOString()}; the sweep takes this issue in after it.`,
    );
  }
}

async function takeIn(env: NodeJS.ProcessEnv): Promise<void> {
  const root = resolve(env.GITHUB_WORKSPACE ?? process.cwd());
  const event = await readEvent(env);
  // The sweep starts the intake by hand (workflow_dispatch) for an issue it never answered.
  const named = Number((event.inputs as { issue?: unknown } | undefined)?.issue);
  const issue = Number.isInteger(named) && named > 0 ? await readIssue(env, named) : issueOf(event);
  if (!issue) return core.info("Not an open issue: nothing to take in.");
  // The forms as the default branch's schemas and event make them (see issue-forms.ts).
  const form = formOf(issueForms(eventChoices(baseEvent(root))), issue);
  if (!form) return core.info(`Issue #${issue.number} was not opened from an intake form.`);
  const api = intakeApi(apiOptionsFromEnv(env, core.info));
  // The form is fixed at the issue's first run: a later label or title cannot retarget its pull request.
  // The commit the checkout holds: the record is built from its files and committed on top of it.
  const read = required(env, "GITHUB_SHA");
  const base = (event.repository as { default_branch?: string } | undefined)?.default_branch ?? "main";
  const state = await api.state({
    issue: issue.number,
    branch: intakeBranch(issue.number),
    base,
    read,
    marker: INTAKE_MARKER,
  });
  const previous = state.comment;
  const kind = formIn(previous?.body) ?? form.kind;
  const say = (lines: string[]) =>
    api.writeComment(issue.number, previous, [INTAKE_MARKER, formLine(kind), ...lines].join("\n"));
  if (kind !== form.kind)
    return void (await say([
      `This issue was opened with the ${kind} form; it now reads as ${form.kind}, which the intake does not take. Nothing changed. Open a new issue with the other form instead.`,
    ]));
  // Anyone with triage rights can edit an issue; only its author or an organiser speaks for the record.
  const sender = issue.sender.toLowerCase();
  if (sender !== issue.author.toLowerCase() && !organisersOf(baseEvent(root)).includes(sender))
    return void (await say([
      `The edit by @${mdText(issue.sender)} was not taken in: only the issue's author (@${mdText(issue.author)}) or an organiser can change this record through it. Nothing changed.`,
    ]));

  const answers = parseFormBody(issue.body, form);
  const existing = (file: string) =>
    existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : undefined;
  const built = answers.problems.length
    ? { ok: false as const, problems: answers.problems }
    : buildRecord(form, answers.values, issue.author, existing);
  if (!built.ok) return void (await say(problemsComment(built.problems)));

  // Read before the check, which writes the record into the checkout.
  const before = existing(built.file);
  // The same validator as a pull request gets, on the whole event with this record in.
  const { errors, warnings } = await checkWithRecord(root, built);
  if (errors.length) {
    const elsewhere = errors.some((d) => d.file !== built.file);
    return void (await say([
      ...problemsComment(errors.map((d) => problemLine(d, built.file))),
      ...(elsewhere ? ["", OTHER_FILES] : []),
    ]));
  }

  const dispatch = env.VALIDATE_BY_DISPATCH === "true";
  const { pull, open } = await proposeRecord(api, {
    issue,
    form,
    built,
    warnings,
    read,
    base,
    dispatch,
    state,
  });
  const late = lateNotice(built, before, baseEvent(root), issue.author, issue.receivedAt);
  await say([
    `${open ? "Updated" : "Opened"} pull request #${pull.number} with \`${built.file}\`: ${pull.url}`,
    "",
    "The checks run on it now; an organiser merges it. Edit this issue to change the record: the pull request follows.",
    ...(late === undefined ? [] : ["", `⏰ **Late**: ${mdText(late)}, on the pull request.`]),
  ]);
  core.info(`${open ? "Updated" : "Opened"} #${pull.number} from issue #${issue.number}.`);
}

function issueOf(event: Record<string, unknown>): Issue | undefined {
  const issue = event.issue as
    | {
        number?: number;
        title?: string;
        state?: string;
        body?: string | null;
        user?: { login?: string };
        labels?: Array<{ name?: string }>;
        pull_request?: unknown;
        updated_at?: string;
      }
    | undefined;
  const sender = (event.sender as { login?: string } | undefined)?.login;
  if (!issue || typeof issue.number !== "number" || issue.pull_request || issue.state !== "open")
    return undefined;
  return {
    number: issue.number,
    title: issue.title ?? "",
    author: issue.user?.login ?? "",
    body: issue.body ?? "",
    labels: (issue.labels ?? []).map((l) => l.name ?? ""),
    // No sender: nobody to trust with the edit (the author check then refuses it).
    sender: sender ?? "",
    receivedAt: issue.updated_at ? Date.parse(issue.updated_at) : undefined,
  };
}

/** The default branch's event record as parsed (anything, or undefined when it is missing). */
function baseEvent(root: string): unknown {
  const file = join(root, EVENT_FILE);
  return existsSync(file) ? parseRecord(EVENT_FILE, readFileSync(file, "utf8")).data : undefined;
}

const OTHER_FILES =
  "A problem in another file means your record meets it there (a name another record has or had, for one): change your answers, or ask an organiser.";

function problemsComment(problems: readonly string[]): string[] {
  return [
    "Your form could not become a record yet. Edit this issue to fix these, and the check runs again:",
    "",
    ...problems.map((p) => `- ${mdText(p)}`),
  ];
}

/**
 * The issue as GitHub holds it now, for a run the sweep started: its text as last edited, by whom
 * (the author check reads it as the sender) and when GitHub received that text.
 */
async function readIssue(env: NodeJS.ProcessEnv, number: number): Promise<Issue | undefined> {
  const { octokit, repoArgs } = githubClient(apiOptionsFromEnv(env, core.info));
  const data = (await octokit.graphql(ISSUE_QUERY, {
    owner: repoArgs.owner,
    name: repoArgs.repo,
    number,
  })) as {
    repository: { issue: Record<string, unknown> | null };
  };
  const found = data.repository.issue;
  if (!found || found.state !== "OPEN") return undefined;
  const author = login(found.author);
  return {
    number,
    title: String(found.title ?? ""),
    author,
    body: String(found.body ?? ""),
    labels: nodes(found.labels).map((l) => String(l.name)),
    sender: found.editor ? login(found.editor) : author,
    receivedAt: Date.parse(String(found.lastEditedAt ?? found.createdAt)),
  };
}
