import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INTAKE_MARKER } from "../../generator/github/intake/run.ts";
import { FIXTURES, fixtureRoot, REPO } from "../helpers/fixture-root.ts";
import { startGithubStandIn, type StandInRepo } from "../helpers/github-stand-in.ts";
import { runAction } from "../helpers/run-action.ts";

const MAIN = "a".repeat(40);
let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let repo: StandInRepo;

/** A fresh checkout of the default branch, as each run of the workflow gets: records and the forms. */
async function workspace(): Promise<string> {
  const root = await fixtureRoot();
  await cp(join(REPO, ".github/ISSUE_TEMPLATE"), join(root, ".github/ISSUE_TEMPLATE"), { recursive: true });
  return root;
}

async function intake(
  action: "opened" | "edited",
  body: string,
  labels = ["intake: register team"],
  title = "Register team: Gripper Gang",
) {
  const event = {
    action,
    issue: {
      number: 12,
      title,
      state: "open",
      body,
      user: { login: "lenafischer" },
      labels: labels.map((name) => ({ name })),
    },
    repository: { default_branch: "main" },
  };
  return runAction("intake", event, {
    GITHUB_WORKSPACE: await workspace(),
    GITHUB_TOKEN: "ghs_test-token",
    GITHUB_API_URL: github.url,
    VALIDATE_BY_DISPATCH: "true",
    REGISTRY_RETRY_BASE_MS: "1",
  });
}

const calls = () => github.requests.map((r) => `${r.method} ${decodeURIComponent(r.url)}`);

describe("the Intake step, run as GitHub runs it against a stand-in API", () => {
  beforeEach(async () => {
    repo = {
      pulls: {},
      files: {},
      contents: {},
      comments: [],
      reviews: {},
      validateRuns: [],
      statuses: [],
      branches: { main: { sha: MAIN, files: {} } },
    };
    github = await startGithubStandIn(repo);
  });
  afterEach(() => github.close());

  it("turns a form into one branch, one commit, one pull request and one comment; an edit updates the same pull request", async () => {
    const body = await readFile(join(FIXTURES, "intake/register-team.md"), "utf8");
    const first = await intake("opened", body);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(calls()).toEqual([
      "GET /repos/org/sprint/git/ref/heads/main",
      "GET /repos/org/sprint/git/ref/heads/intake/issue-12",
      "POST /repos/org/sprint/git/refs",
      "PUT /repos/org/sprint/contents/records/teams/gripper-gang.yaml",
      "GET /repos/org/sprint/pulls?head=org:intake/issue-12&state=open&per_page=1",
      "POST /repos/org/sprint/pulls",
      "POST /repos/org/sprint/actions/workflows/validate.yml/dispatches",
      "GET /repos/org/sprint/issues/12/comments?per_page=100",
      "POST /repos/org/sprint/issues/12/comments",
    ]);
    const branch = repo.branches!["intake/issue-12"]!;
    expect(Object.keys(branch.files)).toEqual(["records/teams/gripper-gang.yaml"]);
    expect(branch.files["records/teams/gripper-gang.yaml"]).toContain("    github: lenafischer\n");
    expect(repo.opened).toHaveLength(1);
    const pr = repo.opened![0]!;
    expect(pr).toMatchObject({
      head: "intake/issue-12",
      base: "main",
      title: "Register a team: gripper-gang",
    });
    expect(pr.body.split("\n")[0]).toBe("Closes #12");
    expect(repo.dispatches).toEqual([
      {
        workflow: "validate.yml",
        ref: "intake/issue-12",
        inputs: { pull_request: String(pr.number), base_sha: MAIN },
      },
    ]);
    expect(repo.comments).toHaveLength(1);
    expect(repo.comments[0]!.body).toBe(
      `${INTAKE_MARKER}\nOpened pull request #${pr.number} with \`records/teams/gripper-gang.yaml\`: https://github.com/org/sprint/pull/${pr.number}\n\nThe checks run on it now; an organiser merges it. Edit this issue to change the record: the pull request follows.`,
    );

    // The author renames the team in the issue: the branch starts again from main with the one new file.
    github.requests.length = 0;
    const second = await intake("edited", body.replace("Gripper Gang", "Gripper Gang Two"));
    expect(second.code).toBe(0);
    expect(calls()).toContain("PATCH /repos/org/sprint/git/refs/heads/intake/issue-12");
    expect(calls()).not.toContain("POST /repos/org/sprint/pulls");
    expect(Object.keys(repo.branches!["intake/issue-12"]!.files)).toEqual([
      "records/teams/gripper-gang-two.yaml",
    ]);
    expect(repo.opened).toHaveLength(1);
    expect(repo.comments).toHaveLength(1);
    expect(repo.comments[0]!.body).toContain(`Updated pull request #${pr.number}`);
  });

  it("comments what to fix, and opens nothing, when the record would not validate", async () => {
    const body = (await readFile(join(FIXTURES, "intake/register-team.md"), "utf8")).replace(
      "We build a soft gripper for fruit.",
      "word ".repeat(150),
    );
    const run = await intake("opened", body);
    expect(run.code).toBe(0);
    expect(calls()).toEqual([
      "GET /repos/org/sprint/issues/12/comments?per_page=100",
      "POST /repos/org/sprint/issues/12/comments",
    ]);
    expect(repo.comments[0]!.body).toBe(
      `${INTAKE_MARKER}\nYour form could not become a record yet. Edit this issue to fix these, and the check runs again:\n\n- line 6\\: about must be at most 600 characters \\(found 775 characters\\)\\. Change about to at most 600 characters\\.`,
    );
    expect(repo.opened ?? []).toEqual([]);
  });

  it("names missing answers, and leaves issues that no intake form opened alone", async () => {
    const missing = await intake("opened", "### Team name\n\n_No response_");
    expect(missing.code).toBe(0);
    expect(repo.comments[0]!.body).toContain('- "Team name" is required\n- "Your name" is required');
    github.requests.length = 0;
    const other = await intake("opened", "### Team name\n\nX", ["bug"], "The site is down");
    expect(other.code).toBe(0);
    expect(github.requests).toEqual([]);
    // A repository without the forms' labels: the form is known by the title it gives its issues.
    const unlabelled = await intake("opened", "### Team name\n\n_No response_", [], "Register team: X");
    expect(unlabelled.code).toBe(0);
    expect(github.requests.map((r) => r.method)).toEqual(["GET", "PATCH"]);
  });
});
