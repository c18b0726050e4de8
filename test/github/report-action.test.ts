import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { artifactFor, REPORT_FILE, type ReportArtifact } from "../../generator/report/report-artifact.ts";
import { COMMENT_MARKER } from "../../generator/report/pr-comment.ts";
import { REPO, tempDir } from "../helpers/fixture-root.ts";
import { startGithubStandIn, type StandInRepo } from "../helpers/github-stand-in.ts";
import { runAction } from "../helpers/run-action.ts";

const HEAD = "c".repeat(40);
const BASE = "d".repeat(40);
const STATUS_URL = `/repos/org/sprint/statuses/${HEAD}`;

/** The base branch `main` holds the example records, as GitHub's contents API would return them. */
async function baseContents(): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const dir of ["records", "records/teams", "records/projects"])
    for (const name of await readdir(join(REPO, dir)))
      if (name.endsWith(".yaml"))
        contents[`main:${dir}/${name}`] = await readFile(join(REPO, dir, name), "utf8");
  return contents;
}

const gripperGang = async () => readFile(join(REPO, "records/teams/gripper-gang.yaml"), "utf8");

async function standInRepo(author: string): Promise<StandInRepo> {
  return {
    pulls: {
      7: {
        number: 7,
        user: { login: author },
        head: { sha: HEAD },
        base: { ref: "main", sha: BASE },
        state: "open",
      },
    },
    files: {
      7: [
        { filename: "records/teams/gripper-gang.yaml", status: "modified" },
        { filename: "records/projects/gripper-demo.yaml", status: "added" },
      ],
    },
    contents: {
      ...(await baseContents()),
      [`${HEAD}:records/teams/gripper-gang.yaml`]: (await gripperGang()).replace(
        "[3D printing]",
        "[3D printing, ROS 2]",
      ),
      [`${HEAD}:records/projects/gripper-demo.yaml`]:
        "title: Gripper Demo\ntagline: x\ndescription: x\nteam: []\nteamSlug: gripper-gang\n",
    },
    comments: [],
    statuses: [],
  };
}

const validReport = artifactFor({ number: 7, headSha: HEAD, baseSha: BASE }, true, [], {
  event: [],
  teams: {
    added: [],
    removed: [],
    changed: [
      { slug: "gripper-gang", fields: [{ path: "skillsPresent", before: ["x"], after: ["x", "ROS 2"] }] },
    ],
  },
  projects: { added: ["gripper-demo"], removed: [], changed: [] },
});

const workflowRun = (headSha = HEAD, event = "pull_request") => ({
  action: "completed",
  workflow_run: {
    id: 42,
    event,
    head_sha: headSha,
    html_url: "https://github.com/org/sprint/actions/runs/42",
    conclusion: "success",
  },
});

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let repo: StandInRepo;

async function report(artifact: unknown = validReport, event: unknown = workflowRun()) {
  const dir = await tempDir("artifact-");
  await writeFile(join(dir, REPORT_FILE), typeof artifact === "string" ? artifact : JSON.stringify(artifact));
  return runAction("report", event, {
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: "ghs_test-token",
    REPORT_DIR: dir,
    REGISTRY_RETRY_BASE_MS: "5",
  });
}

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

  it("leaves a comment written by a person alone, even when it starts with the marker", async () => {
    repo.comments.push({
      id: 5,
      issue: 7,
      body: `${COMMENT_MARKER}\nfake`,
      user: { login: "mallory", type: "User" },
    });
    expect((await report()).code).toBe(0);
    expect(repo.comments.map((c) => c.user.login)).toEqual(["mallory", "github-actions[bot]"]);
    expect(repo.comments[0]!.body).toBe(`${COMMENT_MARKER}\nfake`);
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
      `::error::Refusing the Validate artifact: it names commit ${"e".repeat(40)}, but the run checked ${HEAD}.`,
    ],
    [
      "does not match its schema",
      { ...validReport, pullRequest: { ...validReport.pullRequest, number: "7; rm -rf /" } },
      "::error::Refusing the Validate artifact: report.json does not match its schema: /pullRequest/number must be integer.",
    ],
    [
      "is not JSON",
      "<html>",
      "::error::Refusing the Validate artifact: report.json is not JSON (Unexpected token '<', \"<html>\" is not valid JSON).",
    ],
  ])("refuses an artifact that %s, without a single API call", async (_, artifact, error) => {
    const run = await report(artifact as ReportArtifact);
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toContain(error);
    expect(github.requests).toEqual([]);
  });

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
    const run = await report(validReport, workflowRun(HEAD, "push"));
    expect(run.code).toBe(0);
    expect(github.requests).toEqual([]);
  });
});
