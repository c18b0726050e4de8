import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMENT_MARKER } from "../../generator/report/pr-comment.ts";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import {
  finished,
  forkPull,
  gripperChange,
  reportAfterValidate,
  reportOf,
  runReport,
  startScene,
} from "../helpers/report-harness.ts";

let model: GithubModel;
let github: RunningModel;
let pr: Pull;

const report = (artifact?: unknown) => reportAfterValidate({ model, github }, pr, artifact);
const statusUrl = () => `/repos/org/sprint/statuses/${pr.head.sha}`;

/** Requests in order, a GraphQL query by its operation's name. */
const calls = () =>
  github.requests.map((r) => `${r.method} ${r.url}${r.operationName ? ` ${r.operationName}` : ""}`);

describe("the Report step, run as GitHub runs it against the GitHub model", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
    pr = forkPull(model, "lenafischer", await gripperChange());
  });
  afterEach(() => github.close());

  it("creates one comment and an ownership status, then updates that comment, never adding a second", async () => {
    const first = await report();
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    // One query reads the pull request with everything a verdict needs, a second the records it
    // touches (the artifact names none) and confirms the head; then the comment and the status.
    expect(calls()).toEqual([
      "POST /graphql PullForReport",
      "POST /graphql Texts",
      `POST /repos/org/sprint/issues/${pr.number}/comments`,
      `POST ${statusUrl()}`,
    ]);
    expect(github.requests.every((r) => r.authorization === "token ghs_test-token")).toBe(true);
    expect(model.comments).toHaveLength(1);
    expect(model.comments[0]!.body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
    expect(model.comments[0]!.body).toContain("| Ownership | ✅ allowed |");
    expect(model.statuses).toEqual([
      {
        sha: pr.head.sha,
        state: "success",
        context: "hackathon-registry / ownership",
        description: "lenafischer may make every change",
        target_url: `https://github.com/org/sprint/pull/${pr.number}#issuecomment-${model.comments[0]!.id}`,
        creator: { login: "github-actions[bot]", type: "Bot" },
        created_at: model.isoNow(),
      },
    ]);
    expect(first.summary).toContain("Ownership of " + pr.head.sha + ": allowed");

    // Validate again for the same commit: the comment names the new run; the status is as it was.
    github.requests.length = 0;
    const second = await report();
    expect(second.code).toBe(0);
    expect(calls()).toEqual([
      "POST /graphql PullForReport",
      "POST /graphql Texts",
      `PATCH /repos/org/sprint/issues/comments/${model.comments[0]!.id}`,
    ]);
    expect(model.comments).toHaveLength(1);
    expect(model.statuses).toHaveLength(1);

    // A new push: the comment is updated, not added, and the new head gets its status.
    model.push("lenafischer/sprint", "gripper-demo", {
      "records/projects/gripper-demo.yaml": "title: v2\nteam: []\nteamSlug: gripper-gang\n",
    });
    pr = model.pull(pr.number)!;
    github.requests.length = 0;
    expect((await report()).code).toBe(0);
    expect(calls().slice(-2)).toEqual([
      `PATCH /repos/org/sprint/issues/comments/${model.comments[0]!.id}`,
      `POST ${statusUrl()}`,
    ]);
    expect(model.comments).toHaveLength(1);
  });

  it("leaves a comment by a person or another app alone, even when it starts with the marker", async () => {
    for (const login of ["mallory", "mallory-app[bot]"]) {
      const type = login.endsWith("[bot]") ? ("Bot" as const) : ("User" as const);
      model.comments.push({
        id: model.nextId(),
        issue: pr.number,
        body: `${COMMENT_MARKER}\nfake`,
        user: { login, type },
      });
    }
    expect((await report()).code).toBe(0);
    expect(model.comments.map((c) => c.user.login)).toEqual([
      "mallory",
      "mallory-app[bot]",
      "github-actions[bot]",
    ]);
    expect(model.comments.slice(0, 2).map((c) => c.body)).toEqual([
      `${COMMENT_MARKER}\nfake`,
      `${COMMENT_MARKER}\nfake`,
    ]);
  });

  it("refuses a stranger's edit of another team with a failing status", async () => {
    pr = forkPull(model, "mallory", await gripperChange());
    expect((await report()).code).toBe(0);
    expect(model.statuses.map((s) => [s.state, s.description])).toEqual([
      ["failure", "2 change(s) need an organiser"],
    ]);
    expect(model.comments[0]!.body).toContain(
      "| ❌ | `records/teams/gripper-gang.yaml` | modified | the base version does not list the author in members |",
    );
  });

  it("retries a 5xx and a rate-limited response, and still makes each change once", async () => {
    github.fail({ method: "POST", url: "/graphql", status: 502 });
    github.fail({
      method: "POST",
      url: `/repos/org/sprint/issues/${pr.number}/comments`,
      status: 403,
      message: "API rate limit exceeded",
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000)) },
    });
    github.fail({ method: "POST", url: statusUrl(), status: 503 });
    const run = await report();
    expect(run.code).toBe(0);
    const list = calls();
    expect(list.filter((c) => c === "POST /graphql PullForReport")).toHaveLength(2);
    expect(list.filter((c) => c === `POST ${statusUrl()}`)).toHaveLength(2);
    // The reset is a wall-clock second away, so Octokit waits 0 or 1 of them (a step each here).
    expect(run.stdout).toMatch(
      /rate limited on POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments; retry 1 after [01] s/,
    );
    expect(model.comments).toHaveLength(1);
    expect(model.statuses).toHaveLength(1);
  });

  type Artifact = ReturnType<typeof reportOf>;
  it.each<[string, (a: Artifact) => unknown, () => string]>([
    [
      "names another commit than the run checked",
      (a) => ({
        ...a,
        pullRequest: { ...a.pullRequest, headSha: "e".repeat(40) },
      }),
      () => `it names commit ${"e".repeat(40)}, but the run checked ${pr.head.sha}`,
    ],
    [
      "does not match its schema",
      (a) => ({
        ...a,
        pullRequest: { ...a.pullRequest, number: "7; rm -rf /" },
      }),
      () => "report.json does not match its schema: /pullRequest/number must be integer",
    ],
    [
      "is not JSON",
      () => "<html>",
      () => `report.json is not JSON (Unexpected token '<', "<html>" is not valid JSON)`,
    ],
    ["is missing (Validate failed before writing it)", () => null, () => "the artifact has no report.json"],
  ])("refuses an artifact that %s: a failure status saying why, no comment", async (_, forge, reason) => {
    const run = await report(forge(reportOf(model, pr)));
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toContain(`::error::Refusing the Validate artifact: ${reason()}.`);
    expect(calls()).toEqual([`POST ${statusUrl()}`]);
    expect(model.comments).toEqual([]);
    expect(model.statuses.map((s) => [s.sha, s.state, s.description, s.target_url])).toEqual([
      [
        pr.head.sha,
        "failure",
        [...`Validate's report was refused: ${reason()}`].slice(0, 140).join(""),
        "https://github.com/org/sprint/actions/runs/43",
      ],
    ]);
    expect(run.outputs).toEqual({ status: "set" });
  });

  it("sets an error status on the checked commit when a call fails for good after the checks", async () => {
    github.fail({ method: "POST", url: "/graphql", status: 404, message: "Not Found" });
    const run = await report();
    expect(run.code).toBe(1);
    expect(model.comments).toEqual([]);
    expect(model.statuses.map((s) => [s.sha, s.state, s.description, s.target_url])).toEqual([
      [
        pr.head.sha,
        "error",
        "Report failed, so ownership is unknown: Not Found",
        "https://github.com/org/sprint/actions/runs/43",
      ],
    ]);
    expect(run.outputs).toEqual({ status: "set" });
  });

  it.each(["action_required", "cancelled", "skipped", "startup_failure"])(
    "does nothing for a Validate run that ended %s (a first-timer's run awaiting approval stays quiet)",
    async (conclusion) => {
      const done = finished(model, pr, { conclusion });
      const run = await runReport(github.url, reportOf(model, pr), done.event, {
        VALIDATE_RUN_URL: done.url,
      });
      expect(run.code).toBe(0);
      expect(github.requests).toEqual([]);
      expect(run.stdout).toContain(`The watched run ended ${conclusion}: nothing to report.`);
    },
  );

  it("says nothing when the pull request has moved on to a newer commit", async () => {
    const done = finished(model, pr);
    const artifact = reportOf(model, pr);
    model.push("lenafischer/sprint", "gripper-demo", { "records/teams/gripper-gang.yaml": "name: later\n" });
    const run = await runReport(github.url, artifact, done.event, { VALIDATE_RUN_URL: done.url });
    expect(run.code).toBe(0);
    expect(calls()).toEqual(["POST /graphql PullForReport"]);
    expect(model.statuses).toEqual([]);
    expect(run.stdout).toContain(`::notice::No open pull request has head ${done.run.head_sha} any more`);
  });

  it("does nothing for a Validate run that no pull request started", async () => {
    const done = finished(model, pr, { event: "push" });
    const run = await runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
    expect(run.code).toBe(0);
    expect(github.requests).toEqual([]);
  });
});
