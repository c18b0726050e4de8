import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INTAKE_MARKER } from "../../generator/github/intake/run.ts";
import { checkoutCommit, filesWithForms } from "../helpers/default-branch.ts";
import { FIXTURES, fixtureRoot } from "../helpers/fixture-root.ts";
import {
  ACTIONS_BOT,
  GithubModel,
  startGithubModel,
  type Issue,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { issuesEvent } from "../helpers/github-model/webhook-events.ts";
import {
  finished,
  forkPull,
  gripperChange,
  reportAfterValidate,
  startScene,
} from "../helpers/report-harness.ts";
import { runAction } from "../helpers/run-action.ts";
import { runSweep } from "../helpers/run-sweep.ts";

/**
 * A hostile review of the sweep, the intake and Report as the GraphQL rewrite left them: each
 * test here is an attack a stranger or a pull request's author can make, on the GitHub model.
 */
let model: GithubModel;
let github: RunningModel;
const OWNERSHIP = "hackathon-registry / ownership";

const sweep = () => runSweep(github.url);
const intakeDispatches = () =>
  model.dispatches.filter((d) => d.workflow === "intake.yml").map((d) => Number(d.inputs.issue));
const reportDispatches = () =>
  model.dispatches.filter((d) => d.workflow === "report.yml").map((d) => Number(d.inputs.pull_request));

/** The small valid event with its forms, as the default branch holds them. */
const defaultBranchFiles = async () => filesWithForms(await fixtureRoot());

/** The checkout an Intake run gets: the files of commit `sha`. */
const checkout = async (sha: string) => checkoutCommit(model, sha, await fixtureRoot());

/** The Intake step for `event` (an issue event, or the sweep's dispatch), the default branch at its head. */
async function intake(event: unknown) {
  const sha = model.mainSha;
  return runAction("intake", event, {
    GITHUB_WORKSPACE: await checkout(sha),
    GITHUB_SHA: sha,
    GITHUB_TOKEN: "ghs_test-token",
    GITHUB_API_URL: github.url,
    VALIDATE_BY_DISPATCH: "true",
    REGISTRY_RETRY_BASE_MS: "0",
  });
}

const comment = (issue: Issue, login: string, body: string) =>
  model.comments.push({
    id: model.nextId(),
    issue: issue.number,
    body,
    user: { login, type: login.endsWith("[bot]") ? "Bot" : "User" },
  });

describe("hostile review: the sweep's intake", () => {
  beforeEach(async () => {
    model = new GithubModel(await defaultBranchFiles());
    github = await startGithubModel(model);
  });
  afterEach(() => github.close());

  // FINDING: find-unanswered.ts reads only `comments(first: 5)`; a stranger who comments five
  // times before the intake's first answer makes every sweep start the intake again, and each
  // run pushes a new commit to the intake branch (a new head: Validate, Report, and an
  // organiser's approval of the old head no longer counts).
  it("does not start the intake again, every sweep, for a form it answered after five comments", async () => {
    const body = await readFile(join(FIXTURES, "intake/register-team.md"), "utf8");
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", body, [
      "intake: register team",
    ]);
    // A stranger comments five times in the minute before the intake's run answers.
    for (let i = 0; i < 5; i++) comment(issue, "stranger", `first! ${i}`);
    const opened = await intake(issuesEvent(model, "opened", issue));
    expect(opened.code).toBe(0);
    expect(model.comments.at(-1)!.body.startsWith(INTAKE_MARKER)).toBe(true);
    expect(model.comments.at(-1)!.user).toEqual(ACTIONS_BOT);
    const pr = model.pulls[0]!;
    const head = pr.head.sha;

    // The form has its answer and its pull request: the sweep must leave it alone.
    const swept = await sweep();
    expect(swept.failed).toBe(false);
    const again = intakeDispatches();
    // What the sweep's dispatch does, each time it comes (every 10 minutes): a new head.
    if (again.length > 0) {
      model.now += 10 * 60_000;
      expect((await intake({ inputs: { issue: String(issue.number) }, ref: "refs/heads/main" })).code).toBe(
        0,
      );
    }
    expect({ dispatched: again, headMoved: pr.head.sha !== head }).toEqual({
      dispatched: [],
      headMoved: false,
    });
  });

  // FINDING: UNANSWERED_QUERY reads the 30 oldest open issues and no further page: 30 older open
  // issues (a stranger's, or simply 30 registrations whose pull requests are not merged yet)
  // hide a form the intake never answered (its run lost to the rate limit), for good.
  it("finds a form the intake never answered behind thirty older open issues", async () => {
    for (let i = 0; i < 30; i++) model.openIssue("stranger", `Question ${i}`, "Where is the wifi?", []);
    const lost = model.openIssue("newbie", "Register team: Lost Form", "### Team name\n\nLost", [
      "intake: register team",
    ]);
    expect((await sweep()).failed).toBe(false);
    expect(intakeDispatches()).toEqual([lost.number]);
  });
});

describe("hostile review: the sweep's pull requests", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  // FINDING: findWaiting reads 4 pages of 50 and stops: a head left pending by the rate limit
  // behind 200 older open pull requests into main (each with a verdict) is never swept, and the
  // Report runs' own sweep reads only the first 10.
  it("sweeps a pending head behind two hundred older open pull requests that have their verdict", async () => {
    for (let i = 0; i < 200; i++) {
      model.push(`racer-${i}/sprint`, "p", { [`records/projects/p-${i}.yaml`]: "title: p\n" });
      const pr = model.openPull(`racer-${i}`, `racer-${i}:p`);
      model.statuses.push({
        sha: pr.head.sha,
        state: "failure",
        context: OWNERSHIP,
        description: "2 change(s) need an organiser",
        target_url: null,
        creator: ACTIONS_BOT,
        created_at: model.isoNow(),
      });
    }
    model.push("lenafischer/sprint", "late", { "records/projects/late.yaml": "title: late\n" });
    const waiting = model.openPull("lenafischer", "lenafischer:late");
    finished(model, waiting);
    model.statuses.push({
      sha: waiting.head.sha,
      state: "pending",
      context: OWNERSHIP,
      description: "Waiting for GitHub's rate limit; judged again by 14:10 UTC",
      target_url: null,
      creator: ACTIONS_BOT,
      created_at: model.isoNow(),
    });
    expect((await sweep()).failed).toBe(false);
    expect(reportDispatches()).toEqual([waiting.number]);
  });
});

describe("hostile review: Report after its verdict", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  // FINDING: run.ts sweeps for others inside the same try as the verdict: when the bonus sweep
  // fails (here GitHub refuses one dispatch), the catch overwrites the verdict it has just
  // written with `error` (or, for a rate limit, `pending`), and a head showing `error` is never
  // swept again. Whoever can make a dispatch fail (a waiting pull request whose inputs GitHub
  // refuses) turns every other head's green into an error.
  it("keeps the verdict it wrote when the sweep it does afterwards for others fails", async () => {
    // Another head waits for its verdict (its Validate finished, no status yet).
    model.push("mnowak/sprint", "w", { "records/projects/w.yaml": "title: w\n" });
    finished(model, model.openPull("mnowak", "mnowak:w"));
    const pr = forkPull(model, "lenafischer", await gripperChange());
    github.fail({
      method: "POST",
      url: "/repos/org/sprint/actions/workflows/report.yml/dispatches",
      status: 422,
      message: "Required input 'head_repository' not provided",
    });
    const run = await reportAfterValidate({ model, github }, pr);
    const s = model.status(pr.head.sha, OWNERSHIP);
    expect(`${s?.state}: ${s?.description}`).toBe("success: lenafischer may make every change");
    expect(run.code).toBe(0);
  });
});
