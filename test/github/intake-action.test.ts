import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { INTAKE_MARKER } from "../../generator/github/intake/run.ts";
import { formFiles } from "../../generator/load/forms/form-files.ts";
import { FIXTURES, fixtureRoot } from "../helpers/fixture-root.ts";
import {
  GithubModel,
  startGithubModel,
  type Issue,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { pullFiles, testMerge } from "../helpers/github-model/routes.ts";
import { issuesEvent } from "../helpers/github-model/webhook-events.ts";
import { checkoutCommit, filesWithForms } from "../helpers/default-branch.ts";
import { runAction } from "../helpers/run-action.ts";

let model: GithubModel;
let github: RunningModel;

/** The small valid event with the forms `npm run forms` writes for it, as the default branch holds them. */
const defaultBranchFiles = async () => filesWithForms(await fixtureRoot());

/** The checkout a run gets: the files of the commit `sha` (the event's), beside the fixture's site. */
const checkout = async (sha: string) => checkoutCommit(model, sha, await fixtureRoot());

/** A run of the Intake step for an event sent when the default branch was at `sha` (GITHUB_SHA). */
async function intake(
  action: "opened" | "edited",
  issue: Issue,
  sender?: string,
  sha: string = model.mainSha,
) {
  return runAction("intake", issuesEvent(model, action, issue, sender), {
    GITHUB_WORKSPACE: await checkout(sha),
    GITHUB_SHA: sha,
    GITHUB_TOKEN: "ghs_test-token",
    GITHUB_API_URL: github.url,
    VALIDATE_BY_DISPATCH: "true",
    REGISTRY_RETRY_BASE_MS: "0",
  });
}

const ALPHA = "records/teams/alpha-team.yaml";
const EVENT = "records/event.yaml";
/** Another team's record, changed on main between the runs. */
const BETA = (about: string) =>
  `name: Beta Team\nlookingForMembers: false\nabout: ${about}\nmembers:\n  - name: Bea\n    github: null\n    skills: []\n`;
/** A comment's text without mdText's escapes. */
const plain = (markdown: string) => markdown.replace(/\\(.)/g, "$1");
const calls = () =>
  github.requests.map(
    (r) => `${r.method} ${decodeURIComponent(r.url)}${r.operationName ? ` ${r.operationName}` : ""}`,
  );
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
    model = new GithubModel(await defaultBranchFiles());
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
    // One read (its comment, its branch, its pull request, the tree it builds on), then the writes:
    // 6 REST requests, under the 8 a form may cost.
    expect(calls()).toEqual([
      "POST /graphql Intake",
      "POST /repos/org/sprint/git/trees",
      "POST /repos/org/sprint/git/commits",
      "POST /repos/org/sprint/git/refs",
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

    // The author renames the team in the issue: the branch gets a new commit on main with the one
    // new file, and the pull request's title and body say so.
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

  it("updates an existing record: one commit that changes its file", async () => {
    const issue = model.openIssue("ada-a", "Update team: alpha-team", updateBody("We build arms."), [
      "intake: update team",
    ]);
    const run = await intake("opened", issue);
    expect(run.stdout).not.toContain("::error");
    expect(run.code).toBe(0);
    const branch = `intake/issue-${issue.number}`;
    expect(filesOn(branch)).toEqual(["records/teams/alpha-team.yaml"]);
    expect(
      model.git.get(model.branch("org/sprint", branch)!).tree.get("records/teams/alpha-team.yaml"),
    ).toContain("We build arms.");
    expect(model.pulls).toHaveLength(1);
  });

  it("branches from the commit it read: a change merged on main meanwhile is a conflict, never undone", async () => {
    const read = model.mainSha;
    const issue = model.openIssue("ada-a", "Update team: alpha-team", updateBody("We build arms."), [
      "intake: update team",
    ]);
    // While the run waits in the queue, an organiser adds a member on main.
    const team = model.git.get(read).tree.get(ALPHA)!;
    model.push("org/sprint", "main", { [ALPHA]: `${team}  - name: Di\n    github: di-d\n    skills: []\n` });
    const run = await intake("opened", issue, undefined, read);
    expect(run.code).toBe(0);
    const pr = model.pulls[0]!;
    // The pull request is the form's change to what the run read, and nothing else ...
    expect(model.git.get(pr.head.sha).parents).toEqual([read]);
    expect(model.git.diff(read, pr.head.sha).map((f) => f.filename)).toEqual([ALPHA]);
    expect(pullFiles(model, pr).map((f) => f.filename)).toEqual([ALPHA]);
    // ... so GitHub's test merge meets the member added meanwhile: a conflict, not a silent revert.
    expect(testMerge(model, pr)).toBeUndefined();
    expect(model.dispatches[0]!.inputs.base_sha).toBe(read);
  });

  it("keeps one open pull request through two edits, never merged, its diff exactly the latest record", async () => {
    const form = await registerBody();
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", form, [
      "intake: register team",
    ]);
    const versions = [
      ["opened", "Gripper Gang"],
      ["edited", "Gripper Gang Two"],
      ["edited", "Gripper Gang Three"],
    ] as const;
    for (const [action, name] of versions) {
      // main moves on between the versions: each is a commit on the main it read.
      model.push("org/sprint", "main", { "records/teams/beta-team.yaml": BETA(name) });
      issue.body = form.replace("Gripper Gang", name);
      const run = await intake(action, issue);
      expect(run.code).toBe(0);
      expect(model.pulls).toHaveLength(1);
      const pr = model.pulls[0]!;
      expect([pr.state, pr.merged === true, issue.state]).toEqual(["open", false, "open"]);
      const file = `records/teams/${name.toLowerCase().replaceAll(" ", "-")}.yaml`;
      expect(pullFiles(model, pr)).toEqual([{ filename: file, status: "added" }]);
      expect(model.git.get(pr.head.sha).parents).toEqual([model.mainSha]);
      expect(model.git.diff(model.mainSha, pr.head.sha)).toEqual([{ filename: file, status: "added" }]);
      expect(model.git.get(pr.head.sha).tree.get(file)).toContain(`name: ${name}\n`);
      expect(pr.title).toBe(`Register a team: ${name.toLowerCase().replaceAll(" ", "-")}`);
    }
  });

  it("updates its own pull request, never one a stranger opened from its branch into another base", async () => {
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", await registerBody(), [
      "intake: register team",
    ]);
    expect((await intake("opened", issue)).code).toBe(0);
    const own = model.pulls[0]!;
    model.push("org/sprint", "mallory-base", {});
    const squat = model.openPull("mallory", `org:intake/issue-${issue.number}`, "mallory-base", "Mine");
    issue.body = issue.body.replace("Gripper Gang", "Gripper Gang Two");
    expect((await intake("edited", issue)).code).toBe(0);
    expect(model.pull(squat.number)).toMatchObject({ title: "Mine", body: "" });
    expect(model.pull(own.number)!.title).toBe("Register a team: gripper-gang-two");
    expect(model.dispatches.at(-1)!.inputs.pull_request).toBe(String(own.number));
    expect(plain(model.comments.at(-1)!.body)).toContain(`Updated pull request #${own.number}`);
  });

  it("keeps a robot whose name holds a comma whole, and refuses an answer that is not the form's robots", async () => {
    const event = parse(model.git.get(model.mainSha).tree.get(EVENT)!) as { robots: object[] };
    event.robots.push({ name: "Arm, 6-axis", description: "An arm with six axes.", count: 1 });
    const changes: Record<string, string> = { [EVENT]: stringify(event) };
    for (const { file, text } of formFiles(event)) changes[file] = text;
    model.push("org/sprint", "main", changes);
    const body = await readFile(join(FIXTURES, "intake/submit-project-robot-with-comma.md"), "utf8");
    const issue = model.openIssue("ada-a", "Submit project: Sorting Arm", body, ["intake: submit project"]);
    expect((await intake("opened", issue)).code).toBe(0);
    const head = model.git.get(model.pulls[0]!.head.sha);
    expect(parse(head.tree.get("records/projects/sorting-arm.yaml")!)).toMatchObject({
      robots: ["Arm, 6-axis", "SO-100 arm"],
    });

    const other = model.openIssue(
      "ada-a",
      "Submit project: Other Arm",
      body.replace("Sorting Arm", "Other Arm").replace("Arm, 6-axis", "Arm, 7-axis"),
      ["intake: submit project"],
    );
    expect((await intake("opened", other)).code).toBe(0);
    expect(model.pulls).toHaveLength(1);
    expect(plain(model.comments.at(-1)!.body)).toContain(
      `- "Robots": "Arm, 7-axis, SO-100 arm" is not the form's options joined by ", "`,
    );
  });

  it("checks the whole event with the record in place: a slug another team lists in formerSlugs opens nothing", async () => {
    const alpha = model.git.get(model.mainSha).tree.get(ALPHA)!;
    model.push("org/sprint", "main", { [ALPHA]: `${alpha}formerSlugs: [gripper-gang]\n` });
    const issue = model.openIssue("lenafischer", "Register team: Gripper Gang", await registerBody(), [
      "intake: register team",
    ]);
    const run = await intake("opened", issue);
    expect(run.code).toBe(0);
    expect(model.pulls).toEqual([]);
    expect(github.requests.map((r) => r.operationName ?? r.method)).toEqual(["Intake", "POST"]);
    expect(plain(model.comments[0]!.body)).toContain(
      '- records/teams/alpha-team.yaml line 11: formerSlugs[0] must be a slug no other team has or had (found "gripper-gang", the slug of records/teams/gripper-gang.yaml)',
    );
  });

  it("says on the issue when a form comes in after registration closes, and opens the pull request for an organiser", async () => {
    const event = model.git.get(model.mainSha).tree.get(EVENT)!;
    model.push("org/sprint", "main", {
      [EVENT]: `${event}deadlines:\n  registration: "2026-12-05T12:00:00+01:00"\n`,
    });
    model.now = Date.parse("2026-12-05T10:59:00Z");
    const early = model.openIssue("lenafischer", "Register team: Gripper Gang", await registerBody(), [
      "intake: register team",
    ]);
    expect((await intake("opened", early)).code).toBe(0);
    expect(plain(model.comments.at(-1)!.body)).not.toContain("Late");

    model.now = Date.parse("2026-12-05T11:30:00Z");
    const late = model.openIssue("tortega", "Register team: Gripper Gang", await registerBody(), [
      "intake: register team",
    ]);
    expect((await intake("opened", late)).code).toBe(0);
    expect(plain(model.comments.at(-1)!.body)).toContain(
      "⏰ **Late**: received Sat 5 Dec 2026, 12:30 CET; registration closed Sat 5 Dec 2026, 12:00 CET; an organiser may accept it by approving, on the pull request.",
    );
    expect(model.pulls.map((p) => p.state)).toEqual(["open", "open"]);

    // An edit is dated when GitHub received it, not when the issue was opened.
    model.now = Date.parse("2026-12-05T11:45:00Z");
    early.body = early.body.replace("Gripper Gang", "Gripper Gang Two");
    expect((await intake("edited", early)).code).toBe(0);
    expect(plain(model.comments.find((c) => c.issue === early.number)!.body)).toContain(
      "received Sat 5 Dec 2026, 12:45 CET; registration closed",
    );
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
      "POST /graphql Intake",
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
    expect(github.requests.map((r) => r.operationName ?? r.method)).toEqual(["Intake", "POST"]);
  });
});
