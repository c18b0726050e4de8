import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  user,
  type GithubModel,
  type Pull,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { finished, gripperChange, reportOf, runReport, startScene } from "../helpers/report-harness.ts";

let model: GithubModel;
let github: RunningModel;

/**
 * A pull request as the intake opens it: by the Actions bot, from `intake/issue-<n>` of `repo`.
 * lenafischer, who opened the issue, is in Gripper Gang's roster on main; the bot is not.
 */
async function intakePull(repo = "org/sprint"): Promise<Pull> {
  const issue = model.openIssue("lenafischer", "Update team: gripper-gang", "…");
  const branch = `intake/issue-${issue.number}`;
  model.push(repo, branch, await gripperChange());
  const head = repo === "org/sprint" ? branch : `${repo.split("/")[0]}:${branch}`;
  const pr = model.openPull("mallory", head);
  pr.user = user(repo === "org/sprint" ? "github-actions[bot]" : "mallory-bot[bot]");
  return pr;
}

const status = () => model.statuses.map((s) => `${s.state}: ${s.description}`);
const report = (pr: Pull, event = "pull_request") => {
  const done = finished(model, pr, { event });
  return runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
};

describe("Report on a pull request the intake opened", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it("judges it as the issue's author, read from the API", async () => {
    const pr = await intakePull();
    const run = await report(pr);
    expect(run.code).toBe(0);
    // The issue's author comes with the pull request's first read, from the API, never from its text.
    expect(github.requests.find((r) => r.operationName === "PullForReport")?.body).toMatchObject({
      variables: { issue: pr.number - 1 },
    });
    expect(status()).toEqual(["success: lenafischer may make every change"]);
  });

  it("reports on Validate as the intake dispatches it on its branch", async () => {
    const run = await report(await intakePull(), "workflow_dispatch");
    expect(run.code).toBe(0);
    expect(status()).toEqual(["success: lenafischer may make every change"]);
  });

  it("ignores a dispatched run on any other branch", async () => {
    const pr = await intakePull();
    const done = finished(
      model,
      { ...pr, head: { ...pr.head, ref: "main" } },
      { event: "workflow_dispatch" },
    );
    const run = await runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
    expect(run.code).toBe(0);
    expect(github.requests).toEqual([]);
  });

  it("judges a fork's branch of the same name as its author, never as the issue's", async () => {
    const pr = await intakePull("mallory/sprint");
    await report(pr);
    expect(github.requests.map((r) => r.url)).not.toContain(`/repos/org/sprint/issues/${pr.number - 1}`);
    expect(status()[0]).toMatch(/^failure: /);
  });

  it("dates it by the intake's dispatched Validate run, never by a dispatch on another branch", async () => {
    const pr = await intakePull();
    model.now = Date.parse("2026-12-06T10:00:00Z");
    finished(model, { ...pr, head: { ...pr.head, ref: "main" } }, { event: "workflow_dispatch" });
    model.now = Date.parse("2026-12-06T14:30:00Z");
    // The issue was edited after the deadline, so its text came late too.
    model.issues.at(-1)!.updated_at = model.isoNow();
    expect((await report(pr, "workflow_dispatch")).code).toBe(0);
    expect(status()).toEqual([
      "failure: late: validated Sun 6 Dec 2026, 15:30 CET; submissions (extended for gripper-gang) closed Sun 6 Dec 2026, 15:00 CET; an organiser may accept it by approving".slice(
        0,
        "failure: ".length + 140,
      ),
    ]);
  });

  it("judges a pull request from the intake's branch as the issue's author, even when an organiser opened it", async () => {
    const issue = model.openIssue("mallory", "Update team: gripper-gang", "…");
    const branch = `intake/issue-${issue.number}`;
    model.push("org/sprint", branch, await gripperChange());
    const pr = model.openPull("ada-organiser", branch);
    const run = await report(pr);
    expect(run.stdout).toContain(`judging it as mallory's`);
    expect(status()[0]).toMatch(/^failure: /);
  });

  it("dates it by when GitHub received the form, when the rate limit held its intake up past the deadline", async () => {
    // The form came at 14:50 CET, before gripper-gang's 15:00; the sweep took it in at 15:20 CET.
    model.now = Date.parse("2026-12-06T13:50:00Z");
    const pr = await intakePull();
    model.now = Date.parse("2026-12-06T14:20:00Z");
    expect((await report(pr, "workflow_dispatch")).code).toBe(0);
    expect(status()).toEqual(["success: lenafischer may make every change"]);
  });
});
