import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGithubStandIn, type StandInRepo } from "../helpers/github-stand-in.ts";
import { runReport, standInRepo, validReport, workflowRun } from "../helpers/report-harness.ts";

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let repo: StandInRepo;

/** #7 as the intake opens it: by the Actions bot, from `intake/issue-12` of this repository. */
async function intakePull(headRepository = "org/sprint"): Promise<StandInRepo> {
  const base = await standInRepo("github-actions[bot]");
  base.pulls[7] = {
    ...base.pulls[7]!,
    user: { login: "github-actions[bot]", type: "Bot" },
    head: { ...base.pulls[7]!.head, ref: "intake/issue-12", repo: { full_name: headRepository } },
  };
  // lenafischer is in Gripper Gang's roster on main; the bot is not.
  base.issues = { 12: { number: 12, user: { login: "lenafischer" } } };
  return base;
}

const status = () => repo.statuses.map((s) => `${s.state}: ${s.description}`);

describe("Report on a pull request the intake opened", () => {
  afterEach(() => github.close());

  describe("from this repository", () => {
    beforeEach(async () => {
      repo = await intakePull();
      github = await startGithubStandIn(repo);
    });

    it("judges it as the issue's author, read from the API", async () => {
      const run = await runReport(github.url);
      expect(run.code).toBe(0);
      expect(github.requests.map((r) => `${r.method} ${r.url}`)).toContain("GET /repos/org/sprint/issues/12");
      expect(status()).toEqual(["success: lenafischer may make every change"]);
    });

    it("reports on Validate as the intake dispatches it on its branch", async () => {
      const run = await runReport(
        github.url,
        validReport,
        workflowRun({ event: "workflow_dispatch", headBranch: "intake/issue-12" }),
      );
      expect(run.code).toBe(0);
      expect(status()).toEqual(["success: lenafischer may make every change"]);
    });

    it("ignores a dispatched run on any other branch", async () => {
      const run = await runReport(
        github.url,
        validReport,
        workflowRun({ event: "workflow_dispatch", headBranch: "main" }),
      );
      expect(run.code).toBe(0);
      expect(github.requests).toEqual([]);
    });
  });

  it("judges a fork's branch of the same name as its author, never as the issue's", async () => {
    repo = await intakePull("mallory/sprint");
    github = await startGithubStandIn(repo);
    await runReport(github.url);
    expect(github.requests.map((r) => r.url)).not.toContain("/repos/org/sprint/issues/12");
    expect(status()[0]).toMatch(/^failure: /);
  });
});
