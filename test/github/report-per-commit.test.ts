import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mdText } from "../../generator/report/markdown-text.ts";
import { runAction } from "../helpers/run-action.ts";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import {
  GithubModel,
  startGithubModel,
  type Pull,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import {
  finished,
  forkPull,
  gripperChange,
  recordFiles,
  reportAfterValidate,
  reportOf,
  runReport,
  startScene,
} from "../helpers/report-harness.ts";

/**
 * A status belongs to a commit, and every pull request with that head shows it: the holes that
 * came from judging one pull request and writing on its commit, each through the real Report step.
 */
let model: GithubModel;
let github: RunningModel;
const OWNERSHIP = "hackathon-registry / ownership";

const status = (sha: string) => {
  const s = model.status(sha, OWNERSHIP);
  return s && `${s.state}: ${s.description}`;
};
const commentOn = (pr: Pull) => model.comments.find((c) => c.issue === pr.number)?.body ?? "";

describe("a verdict belongs to a commit", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  /**
   * The intake made `intake/issue-5` from a hijacked update issue: Gripper Gang's roster there
   * lists mallory. Her fork's commit edits the team on top of it.
   */
  async function hijack(): Promise<string> {
    const change = await gripperChange();
    const roster = change["records/teams/gripper-gang.yaml"]!.replace(
      "members:\n",
      "members:\n  - name: Mallory\n    github: mallory\n",
    );
    model.push("org/sprint", "intake/issue-5", { "records/teams/gripper-gang.yaml": roster });
    model.setBranch("mallory/sprint", "hijack", model.branch("org/sprint", "intake/issue-5")!);
    return model.push("mallory/sprint", "hijack", {
      "records/teams/gripper-gang.yaml": roster.replace("ROS 2", "ROS 2, lockpicking"),
    });
  }

  it("refuses a pull request into any branch but the default, whatever that branch's records say", async () => {
    const head = await hijack();
    const into = model.openPull("mallory", "mallory:hijack", "intake/issue-5");
    expect((await reportAfterValidate({ model, github }, into)).code).toBe(0);
    expect(status(head)).toBe(
      `failure: #${into.number} targets intake/issue-5, not main; only pull requests into main are checked`,
    );
    expect(commentOn(into)).toContain("only pull requests into main are checked");
  });

  it("never turns green through a second pull request with the same head into another branch", async () => {
    const head = await hijack();
    const side = model.openPull("mallory", "mallory:hijack", "intake/issue-5");
    const main = model.openPull("mallory", "mallory:hijack", "main");
    await reportAfterValidate({ model, github }, side);
    await reportAfterValidate({ model, github }, main);
    expect(status(head)).toMatch(/^failure: held back by /);
    expect(status(head)).toContain(`#${side.number}: #${side.number} targets intake/issue-5`);
    expect(status(head)).toContain(`#${main.number}: `);
    expect(commentOn(main)).toContain(
      mdText(`#${side.number}: #${side.number} targets intake/issue-5, not main`),
    );
  });

  it("counts an organiser's approval of a pull request, and names a stranger's duplicate that holds it back", async () => {
    const victim = forkPull(model, "lenafischer", await gripperChange());
    model.setBranch("mallory/sprint", "copy", victim.head.sha);
    const duplicate = model.openPull("mallory", "mallory:copy");
    await reportAfterValidate({ model, github }, victim);
    await reportAfterValidate({ model, github }, duplicate);
    expect(status(victim.head.sha)).toMatch(new RegExp(`^failure: held back by #${duplicate.number}: `));

    // The organiser approves the victim's pull request; Review's run names no pull request (a fork's).
    model.review(victim.number, "ada-organiser", "APPROVED");
    const review = finished(model, victim, { workflow: "review", event: "pull_request_review" }).event;
    const found = await runAction("find-validate-run", review, {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: "ghs_test-token",
    });
    const newest = model.runs.find((r) => r.path.endsWith("validate.yml"))!;
    expect(found.outputs["run-id"]).toBe(String(newest.id));
    const artifact = reportOf(model, duplicate);
    const env = { VALIDATE_RUN_URL: found.outputs["run-url"]! };
    expect((await runReport(github.url, artifact, review, env)).code).toBe(0);
    expect(status(victim.head.sha)).toBe(
      `failure: held back by #${duplicate.number}: 2 change(s) need an organiser`,
    );
    expect(commentOn(victim)).toContain("organiser ada\\-organiser approved this commit");
    expect(commentOn(victim)).toContain(`- ${mdText(`#${duplicate.number}: 2 change(s) need an organiser`)}`);

    // The organiser closes the duplicate and re-runs Report: the approval now decides.
    model.pull(duplicate.number)!.state = "closed";
    expect((await runReport(github.url, artifact, review, env)).code).toBe(0);
    expect(status(victim.head.sha)).toBe("success: approved by organiser ada-organiser on this commit");
  });

  it("reads the default branch from the event, or from the API when the event has none; never assumes main", async () => {
    await github.close();
    model = new GithubModel(await recordFiles(EXAMPLE), "trunk");
    github = await startGithubModel(model);
    const pr = forkPull(model, "lenafischer", await gripperChange());
    const done = finished(model, pr);
    delete (done.event.repository as { default_branch?: string }).default_branch;
    const run = await runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
    expect(run.code).toBe(0);
    expect(github.requests.map((r) => `${r.method} ${r.url}`)).toContain("GET /repos/org/sprint");
    expect(status(pr.head.sha)).toBe("success: lenafischer may make every change");
    // A branch called main that is not the default one guards nothing.
    model.setBranch("org/sprint", "main", model.mainSha);
    const main = forkPull(model, "lenafischer", await gripperChange(), { branch: "to-main", base: "main" });
    await reportAfterValidate({ model, github }, main);
    expect(status(main.head.sha)).toBe(
      `failure: #${main.number} targets main, not trunk; only pull requests into trunk are checked`,
    );
  });

  it("sets no verdict when the head moves while Report reads the pull request: only the current head counts", async () => {
    const pr = forkPull(model, "lenafischer", await gripperChange());
    const first = pr.head.sha;
    // Pushed to right after Report's first read: its last read sees the new head.
    github.after("POST", "/graphql", () =>
      model.push("lenafischer/sprint", "gripper-demo", { "records/event.yaml": "name: Mine now\n" }),
    );
    const run = await reportAfterValidate({ model, github }, pr, reportOf(model, pr));
    expect(run.code).toBe(0);
    expect(pr.head.sha).not.toBe(first);
    expect(run.stdout).toContain(`::notice::No open pull request has head ${first} any more`);
    expect(model.statuses).toEqual([]);
    expect(model.comments).toEqual([]);
  });

  it("never keeps an earlier green when the pull request is retargeted while Report reads it", async () => {
    const pr = forkPull(model, "lenafischer", await gripperChange());
    await reportAfterValidate({ model, github }, pr);
    expect(status(pr.head.sha)).toBe("success: lenafischer may make every change");
    model.push("org/sprint", "elsewhere", {});
    // Retargeted away and back while Report reads it: a base change starts no workflow.
    github.after("POST", "/graphql", () => {
      pr.base.ref = "elsewhere";
      github.after("POST", "/graphql", () => (pr.base.ref = "main"));
    });
    await reportAfterValidate({ model, github }, pr);
    // The head could not be judged: pending (which blocks a merge), and swept again.
    expect(status(pr.head.sha)).toMatch(
      /^pending: #\d+ was retargeted to elsewhere while it was read; judged again/,
    );
  });
});
