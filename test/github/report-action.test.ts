import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMENT_MARKER } from "../../generator/report/pr-comment.ts";
import type { ReportArtifact } from "../../generator/report/report-artifact.ts";
import { startGithubStandIn, type StandInRepo } from "../helpers/github-stand-in.ts";
import {
  HEAD,
  runReport,
  standInRepo,
  STATUS_URL,
  validReport,
  workflowRun,
} from "../helpers/report-harness.ts";

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let repo: StandInRepo;

const report = (artifact?: unknown, event?: unknown, env?: Record<string, string>) =>
  runReport(github.url, artifact, event, env);

/** Requests in order; the concurrent content reads are sorted so the order is stable. */
function calls() {
  const list = github.requests.map((r) => `${r.method} ${r.url}`);
  const reads = list.filter((c) => c.includes("/contents/")).sort();
  const first = list.findIndex((c) => c.includes("/contents/"));
  return first < 0 ? list : [...list.slice(0, first), ...reads, ...list.slice(first + reads.length)];
}

const CONTENT_READS = [
  "GET /repos/org/sprint/contents/records%2Fevent.yaml?ref=main",
  "GET /repos/org/sprint/contents/records%2Fprojects%2Fgripper-demo.yaml?ref=" + HEAD,
  "GET /repos/org/sprint/contents/records%2Fteams%2Fgripper-gang.yaml?ref=" + HEAD,
  "GET /repos/org/sprint/contents/records%2Fteams%2Fgripper-gang.yaml?ref=main",
];

describe("the Report step, run as GitHub runs it against a stand-in API", () => {
  beforeEach(async () => {
    repo = await standInRepo("lenafischer");
    github = await startGithubStandIn(repo);
  });
  afterEach(() => github.close());

  it("creates one comment and an ownership status, then updates that comment, never adding a second", async () => {
    const first = await report();
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(calls()).toEqual([
      "GET /repos/org/sprint/pulls/7",
      "GET /repos/org/sprint/pulls/7/files?per_page=100",
      "GET /repos/org/sprint/pulls/7/reviews?per_page=100",
      ...CONTENT_READS,
      "GET /repos/org/sprint/issues/7/comments?per_page=100",
      "POST /repos/org/sprint/issues/7/comments",
      `POST ${STATUS_URL}`,
    ]);
    expect(github.requests.every((r) => r.authorization === "token ghs_test-token")).toBe(true);
    expect(repo.comments).toHaveLength(1);
    expect(repo.comments[0]!.body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
    expect(repo.comments[0]!.body).toContain("| Ownership | ✅ allowed |");
    expect(repo.statuses).toEqual([
      {
        sha: HEAD,
        state: "success",
        context: "hackathon-registry / ownership",
        description: "lenafischer may make every change",
        target_url: `https://github.com/org/sprint/pull/7#issuecomment-${repo.comments[0]!.id}`,
      },
    ]);
    expect(first.summary).toContain("Comment created: https://github.com/org/sprint/pull/7#issuecomment-");

    github.requests.length = 0;
    const second = await report();
    expect(second.code).toBe(0);
    expect(calls().slice(-3)).toEqual([
      "GET /repos/org/sprint/issues/7/comments?per_page=100",
      `PATCH /repos/org/sprint/issues/comments/${repo.comments[0]!.id}`,
      `POST ${STATUS_URL}`,
    ]);
    expect(repo.comments).toHaveLength(1);
    expect(second.summary).toContain("Comment updated");
  });

  it("leaves a comment by a person or another app alone, even when it starts with the marker", async () => {
    repo.comments.push(
      { id: 5, issue: 7, body: `${COMMENT_MARKER}\nfake`, user: { login: "mallory", type: "User" } },
      { id: 6, issue: 7, body: `${COMMENT_MARKER}\nfake`, user: { login: "mallory-app[bot]", type: "Bot" } },
    );
    expect((await report()).code).toBe(0);
    expect(repo.comments.map((c) => c.user.login)).toEqual([
      "mallory",
      "mallory-app[bot]",
      "github-actions[bot]",
    ]);
    expect(repo.comments.slice(0, 2).map((c) => c.body)).toEqual([
      `${COMMENT_MARKER}\nfake`,
      `${COMMENT_MARKER}\nfake`,
    ]);
  });

  it("refuses a stranger's edit of another team with a failing status", async () => {
    repo.pulls[7]!.user.login = "mallory";
    const run = await report();
    expect(run.code).toBe(0);
    expect(repo.statuses.map((s) => [s.state, s.description])).toEqual([
      ["failure", "2 change(s) need an organiser"],
    ]);
    expect(repo.comments[0]!.body).toContain(
      "| ❌ | `records/teams/gripper-gang.yaml` | modified | the base version does not list the author in members |",
    );
  });

  it("retries a 5xx and a rate-limited response, and still makes each change once", async () => {
    github.fail({ method: "GET", url: "/repos/org/sprint/pulls/7", status: 502 });
    github.fail({
      method: "GET",
      url: "/repos/org/sprint/issues/7/comments",
      status: 403,
      message: "API rate limit exceeded",
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000)) },
    });
    github.fail({ method: "POST", url: STATUS_URL, status: 503 });
    const run = await report();
    expect(run.code).toBe(0);
    expect(calls()).toEqual([
      "GET /repos/org/sprint/pulls/7",
      "GET /repos/org/sprint/pulls/7",
      "GET /repos/org/sprint/pulls/7/files?per_page=100",
      "GET /repos/org/sprint/pulls/7/reviews?per_page=100",
      ...CONTENT_READS,
      "GET /repos/org/sprint/issues/7/comments?per_page=100",
      "GET /repos/org/sprint/issues/7/comments?per_page=100",
      "POST /repos/org/sprint/issues/7/comments",
      `POST ${STATUS_URL}`,
      `POST ${STATUS_URL}`,
    ]);
    expect(run.stdout).toContain(
      `rate limited on GET ${github.url}/repos/org/sprint/issues/7/comments?per_page=100; retry 1 after`,
    );
    expect(repo.comments).toHaveLength(1);
    expect(repo.statuses).toHaveLength(1);
  });

  it.each([
    [
      "names another commit than the run checked",
      { ...validReport, pullRequest: { ...validReport.pullRequest, headSha: "e".repeat(40) } },
      `it names commit ${"e".repeat(40)}, but the run checked ${HEAD}`,
    ],
    [
      "does not match its schema",
      { ...validReport, pullRequest: { ...validReport.pullRequest, number: "7; rm -rf /" } },
      "report.json does not match its schema: /pullRequest/number must be integer",
    ],
    ["is not JSON", "<html>", `report.json is not JSON (Unexpected token '<', "<html>" is not valid JSON)`],
    ["is missing (Validate failed before writing it)", null, "the artifact has no report.json"],
  ])("refuses an artifact that %s: a failure status saying why, no comment", async (_, artifact, reason) => {
    const run = await report(artifact as ReportArtifact | null);
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toContain(`::error::Refusing the Validate artifact: ${reason}.`);
    expect(calls()).toEqual([`POST ${STATUS_URL}`]);
    expect(repo.comments).toEqual([]);
    expect(repo.statuses).toEqual([
      {
        sha: HEAD,
        state: "failure",
        context: "hackathon-registry / ownership",
        description: [...`Validate's report was refused: ${reason}`].slice(0, 140).join(""),
        target_url: "https://github.com/org/sprint/actions/runs/43",
      },
    ]);
    expect(run.outputs).toEqual({ status: "set" });
  });

  it("sets an error status on the checked commit when a call fails for good after the checks", async () => {
    delete repo.pulls[7];
    const run = await report();
    expect(run.code).toBe(1);
    expect(repo.comments).toEqual([]);
    expect(repo.statuses.map((s) => [s.sha, s.state, s.description, s.target_url])).toEqual([
      [
        HEAD,
        "error",
        "Report failed, so ownership is unknown: Not Found - https://docs.github.com/rest",
        "https://github.com/org/sprint/actions/runs/43",
      ],
    ]);
    expect(run.outputs).toEqual({ status: "set" });
  });

  it.each(["action_required", "cancelled", "skipped", "startup_failure"])(
    "does nothing for a Validate run that ended %s (a first-timer's run awaiting approval stays quiet)",
    async (conclusion) => {
      const run = await report(validReport, workflowRun({ conclusion }));
      expect(run.code).toBe(0);
      expect(github.requests).toEqual([]);
      expect(run.stdout).toContain(`The watched run ended ${conclusion}: nothing to report.`);
    },
  );

  it("says nothing when the pull request has moved on to a newer commit", async () => {
    repo.pulls[7]!.head.sha = "f".repeat(40);
    const run = await report();
    expect(run.code).toBe(0);
    expect(calls()).toEqual(["GET /repos/org/sprint/pulls/7"]);
    expect(run.stdout).toContain(
      `::notice::Pull request #7 has moved on to ${"f".repeat(40)}; the Validate run for it will report.`,
    );
  });

  it("does nothing for a Validate run that no pull request started", async () => {
    const run = await report(validReport, workflowRun({ event: "push" }));
    expect(run.code).toBe(0);
    expect(github.requests).toEqual([]);
  });
});
