import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INTAKE_MARKER } from "../../generator/github/intake/run.ts";
import { FIXTURES, fixtureRoot, EXAMPLE } from "../helpers/fixture-root.ts";
import {
  GithubModel,
  startGithubModel,
  type Issue,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { issuesEvent } from "../helpers/github-model/webhook-events.ts";
import { recordFiles } from "../helpers/report-harness.ts";
import { runAction } from "../helpers/run-action.ts";

let model: GithubModel;
let github: RunningModel;
let workspace: string;

/** A fresh checkout of the default branch, as each run of the workflow gets: records and the forms. */
async function checkout(): Promise<string> {
  const root = await fixtureRoot();
  await cp(join(EXAMPLE, ".github/ISSUE_TEMPLATE"), join(root, ".github/ISSUE_TEMPLATE"), {
    recursive: true,
  });
  return root;
}

async function intake(action: "opened" | "edited", issue: Issue, sender?: string) {
  return runAction("intake", issuesEvent(model, action, issue, sender), {
    GITHUB_WORKSPACE: await checkout(),
    GITHUB_TOKEN: "ghs_test-token",
    GITHUB_API_URL: github.url,
    VALIDATE_BY_DISPATCH: "true",
    REGISTRY_RETRY_BASE_MS: "1",
  });
}

const calls = () => github.requests.map((r) => `${r.method} ${decodeURIComponent(r.url)}`);
const filesOn = (branch: string) => {
  const sha = model.branch("org/sprint", branch);
  return sha ? model.git.diff(model.mainSha, sha).map((f) => f.filename) : [];
};
const registerBody = () => readFile(join(FIXTURES, "intake/register-team.md"), "utf8");
const updateBody = (about: string) =>
  [
    ["Team slug", "alpha-team"],
    ["Looking for members", "No"],
    ["Skills wanted", "_No response_"],
    ["About the team", about],
    ["Contact link", "_No response_"],
    ["Members", "_No response_"],
  ]
    .map(([label, answer]) => `### ${label}\n\n${answer}`)
    .join("\n\n");

describe("the Intake step, run as GitHub runs it against the GitHub model", () => {
  beforeEach(async () => {
    workspace = await checkout();
    // The default branch holds the small valid event, as the checkout does.
    model = new GithubModel(await recordFiles(workspace));
    github = await startGithubModel(model);
  });
  afterEach(() => github.close());

  it("turns a form into one branch, one commit, one pull request and one comment; an edit updates the same pull request", async () => {
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", await registerBody(), [
      "intake: register team",
    ]);
    const first = await intake("opened", issue);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const branch = `intake/issue-${issue.number}`;
    expect(calls()).toEqual([
      `GET /repos/org/sprint/issues/${issue.number}/comments?per_page=100`,
      "GET /repos/org/sprint/git/ref/heads/main",
      `GET /repos/org/sprint/git/ref/heads/${branch}`,
      "POST /repos/org/sprint/git/refs",
      `GET /repos/org/sprint/contents/records/teams/gripper-gang.yaml?ref=${branch}`,
      "PUT /repos/org/sprint/contents/records/teams/gripper-gang.yaml",
      `GET /repos/org/sprint/pulls?head=org:${branch}&state=open&per_page=1`,
      "POST /repos/org/sprint/pulls",
      "POST /repos/org/sprint/actions/workflows/validate.yml/dispatches",
      `POST /repos/org/sprint/issues/${issue.number}/comments`,
    ]);
    expect(filesOn(branch)).toEqual(["records/teams/gripper-gang.yaml"]);
    const head = model.git.get(model.branch("org/sprint", branch)!);
    expect(head.tree.get("records/teams/gripper-gang.yaml")).toContain("    github: lenafischer\n");
    expect(model.pulls).toHaveLength(1);
    const pr = model.pulls[0]!;
    expect(pr).toMatchObject({ head: { ref: branch, repo: "org/sprint" }, base: { ref: "main" } });
    expect(pr.title).toBe("Register a team: gripper-gang");
    expect(pr.body.split("\n")[0]).toBe(`Closes #${issue.number}`);
    expect(model.dispatches).toEqual([
      {
        workflow: "validate.yml",
        ref: branch,
        inputs: { pull_request: String(pr.number), base_sha: model.mainSha },
      },
    ]);
    expect(model.comments).toHaveLength(1);
    expect(model.comments[0]!.body).toBe(
      `${INTAKE_MARKER}\n<!-- form: register-team -->\nOpened pull request #${pr.number} with \`records/teams/gripper-gang.yaml\`: https://github.com/org/sprint/pull/${pr.number}\n\nThe checks run on it now; an organiser merges it. Edit this issue to change the record: the pull request follows.`,
    );

    // The author renames the team in the issue: the branch starts again from main with the one new
    // file, and the pull request's title and body say so.
    github.requests.length = 0;
    issue.body = issue.body.replace("Gripper Gang", "Gripper Gang Two");
    const second = await intake("edited", issue);
    expect(second.code).toBe(0);
    expect(calls()).toContain(`PATCH /repos/org/sprint/git/refs/heads/${branch}`);
    expect(calls()).toContain(`PATCH /repos/org/sprint/pulls/${pr.number}`);
    expect(calls()).not.toContain("POST /repos/org/sprint/pulls");
    expect(filesOn(branch)).toEqual(["records/teams/gripper-gang-two.yaml"]);
    expect(model.pulls).toHaveLength(1);
    expect(pr.title).toBe("Register a team: gripper-gang-two");
    expect(pr.body).toContain("`records/teams/gripper-gang-two.yaml`");
    expect(model.comments).toHaveLength(1);
    expect(model.comments[0]!.body).toContain(`Updated pull request #${pr.number}`);
  });

  it("updates an existing record with its current blob sha, as GitHub requires", async () => {
    const issue = model.openIssue("ada-a", "Update team: alpha-team", updateBody("We build arms."), [
      "intake: update team",
    ]);
    const run = await intake("opened", issue);
    expect(run.stdout).not.toContain("::error");
    expect(run.code).toBe(0);
    const put = github.requests.find((r) => r.method === "PUT")!;
    expect((put.body as { sha?: string }).sha).toMatch(/^[0-9a-f]{40}$/);
    const branch = `intake/issue-${issue.number}`;
    expect(filesOn(branch)).toEqual(["records/teams/alpha-team.yaml"]);
    expect(
      model.git.get(model.branch("org/sprint", branch)!).tree.get("records/teams/alpha-team.yaml"),
    ).toContain("We build arms.");
    expect(model.pulls).toHaveLength(1);
  });

  it("takes an edit only from the issue's author or an organiser", async () => {
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", await registerBody(), [
      "intake: register team",
    ]);
    await intake("opened", issue);
    const before = model.branch("org/sprint", `intake/issue-${issue.number}`);
    issue.body = issue.body.replace("Lena Fischer", "Mallory");
    const run = await intake("edited", issue, "mallory");
    expect(run.code).toBe(0);
    expect(model.branch("org/sprint", `intake/issue-${issue.number}`)).toBe(before);
    expect(model.comments[0]!.body).toContain(
      "The edit by @mallory was not taken in: only the issue's author (@lenafischer) or an organiser",
    );
    const organiser = await intake("edited", issue, "fixture-organiser");
    expect(organiser.code).toBe(0);
    expect(model.branch("org/sprint", `intake/issue-${issue.number}`)).not.toBe(before);
  });

  it("keeps the form an issue was opened with: a new title cannot retarget its pull request", async () => {
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", await registerBody());
    await intake("opened", issue);
    const before = model.branch("org/sprint", `intake/issue-${issue.number}`);
    issue.title = "Update team: alpha-team";
    issue.body = updateBody("Taken over.");
    const run = await intake("edited", issue);
    expect(run.code).toBe(0);
    expect(model.branch("org/sprint", `intake/issue-${issue.number}`)).toBe(before);
    expect(model.pulls[0]!.title).toBe("Register a team: gripper-gang");
    expect(model.comments[0]!.body).toContain(
      "This issue was opened with the register-team form; it now reads as update-team",
    );
  });

  it("comments what to fix, and opens nothing, when the record would not validate", async () => {
    const body = (await registerBody()).replace("We build a soft gripper for fruit.", "word ".repeat(150));
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", body, [
      "intake: register team",
    ]);
    const run = await intake("opened", issue);
    expect(run.code).toBe(0);
    expect(calls()).toEqual([
      `GET /repos/org/sprint/issues/${issue.number}/comments?per_page=100`,
      `POST /repos/org/sprint/issues/${issue.number}/comments`,
    ]);
    expect(model.comments[0]!.body).toBe(
      `${INTAKE_MARKER}\n<!-- form: register-team -->\nYour form could not become a record yet. Edit this issue to fix these, and the check runs again:\n\n- line 6\\: about must be at most 600 characters \\(found 775 characters\\)\\. Change about to at most 600 characters\\.`,
    );
    expect(model.pulls).toEqual([]);
  });

  it("names missing answers, and leaves issues that no intake form opened alone", async () => {
    const missing = model.openIssue("lenafischer", "Register team: X", "### Team name\n\n_No response_", [
      "intake: register team",
    ]);
    expect((await intake("opened", missing)).code).toBe(0);
    expect(model.comments[0]!.body).toContain(
      '- "Team name" is required\n- "Looking for members" is required\n- "Your name" is required',
    );
    github.requests.length = 0;
    const other = model.openIssue("lenafischer", "The site is down", "### Team name\n\nX", ["bug"]);
    expect((await intake("opened", other)).code).toBe(0);
    expect(github.requests).toEqual([]);
    // A repository without the forms' labels: the form is known by the title it gives its issues.
    const unlabelled = model.openIssue("lenafischer", "Register team: X", "### Team name\n\n_No response_");
    expect((await intake("opened", unlabelled)).code).toBe(0);
    expect(github.requests.map((r) => r.method)).toEqual(["GET", "POST"]);
  });
});
