import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { filesWithForms } from "../helpers/default-branch.ts";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import {
  APP_TOKEN,
  GithubModel,
  startGithubModel,
  user,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { enableMergeQueue, type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { GREEN, numbers, section, setStatus, teamPull } from "../helpers/queue-board.ts";
import { QueueWorkflows } from "../helpers/queue-workflows.ts";

/**
 * The enqueue run's edges (generator/github/enqueue/): GitHub refusing one pull request, the
 * hour's budget, hostile titles on the board, what a run costs, and the groups the queue builds
 * after the run, which GITHUB_TOKEN's entries get no run for until Report or the Sweep starts one.
 */
const TOKEN = "ghs_test-token";
const QUIET = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let model: GithubModel;
let github: RunningModel;
let queue: MergeQueue | undefined;

beforeEach(async () => {
  model = new GithubModel(await filesWithForms(EXAMPLE));
  github = await startGithubModel(model);
  queue = undefined;
});
afterEach(() => github.close());

const greens = (n: number) => Array.from({ length: n }, (_, i) => teamPull(model, `p${i}`, `t${i}`, GREEN));
const flow = (token = APP_TOKEN, rule = {}) =>
  new QueueWorkflows(
    model,
    github,
    (queue = enableMergeQueue(model, "main", rule)),
    token,
    token === APP_TOKEN ? "registry-app" : "",
  );

describe("GitHub's refusals and the hour's budget", () => {
  it("lists a pull request whose head moved after the read as refused by GitHub, and queues the rest", async () => {
    const prs = greens(3);
    const run = flow();
    // Right after the run's read, the author of the second pushes again.
    github.after("POST", "/graphql", () =>
      model.push("p1/sprint", "t1", { "records/teams/t1.yaml": "name: Changed\n" }),
    );
    const done = await run.enqueue();
    expect(queue!.entries.map((e) => e.pull)).toEqual([prs[0]!.number, prs[2]!.number]);
    expect(section(done.summary, "Refused")).toEqual([
      [prs[1]!.number, "GitHub refused it\\: Head branch was modified\\. Review and try the merge again\\."],
    ]);
    expect(section(done.summary, "Queued now").map(([n]) => n)).toEqual([prs[0]!.number, prs[2]!.number]);
  });

  it("stops at the run's share of the hour's writes, saying how many are left and when to run it again", async () => {
    const prs = greens(5);
    const run = flow();
    // At a tenth of GitHub's 500 writes an hour: 45 after the reserve, two a pull request (the enqueue, its group's status).
    const first = await run.enqueue({ writesPerHour: 10 });
    expect(queue!.entries.map((e) => e.pull)).toEqual(numbers(prs.slice(0, 4)));
    expect(first.summary).toContain(
      "**1 left to queue**: the hour's writes are spent; run it again after 10:00 UTC.",
    );
    expect(section(first.summary, "Green, left for the next run").map(([n]) => n)).toEqual([prs[4]!.number]);
    model.now += 3_600_000;
    const second = await run.enqueue({ writesPerHour: 10 });
    expect(section(second.summary, "Queued now").map(([n]) => n)).toEqual([prs[4]!.number]);
    expect(section(second.summary, "Already in the queue").map(([n]) => n)).toEqual(numbers(prs.slice(0, 4)));
    expect(second.summary).not.toContain("left to queue");
  });

  it("stops at GitHub's own refusal when earlier writes spent the hour, and says when GitHub takes more", async () => {
    const prs = greens(4);
    model.limits.set(TOKEN, { writesPerHour: 2 });
    const run = flow(TOKEN);
    const done = await run.enqueue();
    expect(done.failed).toBe(false);
    expect(queue!.entries.map((e) => e.pull)).toEqual(numbers(prs.slice(0, 2)));
    expect(done.summary).toContain(
      "**2 left to queue**: the hour's writes are spent; run it again after 10:00 UTC.",
    );
    expect(model.limits.spentBy(TOKEN).refused).toBe(1);
  });
});

describe("a pull request GitHub's queue removed", () => {
  it("is not queued again at the head removed, is listed with GitHub's reason, and is queued again at a new head", async () => {
    const prs = greens(2);
    const run = flow();
    await run.enqueue();
    // The first's group fails (its records clash with one merged ahead): GitHub removes it.
    const group = queue!.entry(prs[0]!.number)!.group!;
    setStatus(model, { head: { sha: group.headSha } } as (typeof prs)[0], "failure", "records clash");
    queue!.tick();
    expect(queue!.removals.map((r) => [r.pull, r.reason])).toEqual([
      [prs[0]!.number, "failed status checks"],
    ]);

    const from = github.requests.length;
    const again = await run.enqueue();
    expect(queue!.entries.map((e) => e.pull)).toEqual([prs[1]!.number]);
    const head = prs[0]!.head.sha.slice(0, 7);
    expect(section(again.summary, "Removed from the queue")).toEqual([
      [prs[0]!.number, `removed from the queue at ${head} at 09\\:00 UTC\\: failed status checks`],
    ]);
    expect(again.summary).toContain("The team pushes a fix; its new head is judged and can be queued.");
    expect(section(again.summary, "Queued now")).toEqual([]);
    // Still the one read of the board, at one point.
    expect(github.requests.slice(from).map((r) => r.operationName ?? r.method)[0]).toBe("QueueBoard");
    expect(model.limits.spentBy(APP_TOKEN).graphql).toBe(2 + 2 + 2);

    // A fix pushed and judged green: its new head clears the removal.
    model.push("p0/sprint", "t0", { "records/teams/t0.yaml": "name: Team t0 renamed\n" });
    model.finishRun({
      path: ".github/workflows/validate.yml",
      event: "pull_request",
      head_sha: prs[0]!.head.sha,
      head_branch: "t0",
      head_repository: "p0/sprint",
      conclusion: "success",
    });
    setStatus(model, prs[0]!, GREEN.state, GREEN.description);
    const fixed = await run.enqueue();
    expect(section(fixed.summary, "Queued now").map(([n]) => n)).toEqual([prs[0]!.number]);
    expect(section(fixed.summary, "Removed from the queue")).toEqual([]);
  });
});

describe("a group whose Report GitHub's write limit refused", () => {
  it("gets its verdict from the next sweep after the limit resets, and the queue merges it before its timeout", async () => {
    // Two writes at 08:10 and the enqueue at 09:00 spend the hour's three: Report on the group at
    // 09:00 is refused, its pending status too, so the group's head shows no ownership status.
    model.limits.set(APP_TOKEN, { writesPerHour: 3 });
    model.now = Date.parse("2026-12-01T08:10:00Z");
    const octokit = new Octokit({ auth: APP_TOKEN, baseUrl: github.url, log: QUIET });
    for (const context of ["earlier / one", "earlier / two"])
      await octokit.rest.repos.createCommitStatus({
        owner: "org",
        repo: "sprint",
        sha: model.mainSha,
        state: "success",
        context,
      });
    model.now = Date.parse("2026-12-01T09:00:00Z");
    const [pr] = greens(1);
    const run = flow();
    await run.enqueue();
    const group = queue!.entry(pr!.number)!.group!;
    await run.drain({ sweeps: 3 });
    const [first] = run.validated;
    expect(first!.report.log).toContain("Waiting for GitHub's rate limit");
    expect(run.sweeps[0]!.log).toContain(
      `#${pr!.number}: Report started for its merge group ${group.headSha.slice(0, 7)} (no status).`,
    );
    expect(run.swept).toHaveLength(1);
    expect(
      model.statuses.filter((st) => st.sha === group.headSha).map((st) => [st.state, st.creator.login]),
    ).toEqual([["success", "registry-app[bot]"]]);
    expect(pr!.merged).toBe(true);
    expect(queue!.removals).toEqual([]);
    expect(Date.parse(queue!.merges[0]!.at) - group.createdAt).toBeLessThan(60 * 60_000);
  });
});

describe("the board", () => {
  it("renders a title with HTML, Markdown, a table's pipe and a mention as text", async () => {
    const title = "<img src=x onerror=alert(1)> **Win** | [x](javascript:alert(1)) @octocat";
    const pr = teamPull(model, "ada", "t0", GREEN, { title });
    const done = await flow().enqueue();
    const row = done.summary.split("\n").find((l) => l.includes(`#${pr.number}]`))!;
    expect(row).toContain(
      "&lt;img src\\=x onerror\\=alert\\(1\\)&gt; \\*\\*Win\\*\\* \\| \\[x\\]\\(javascript\\:alert\\(1\\)\\) @\u2060octocat",
    );
    expect(row).not.toContain("<img");
    expect(section(done.summary, "Queued now").map(([n]) => n)).toEqual([pr.number]);
  });

  it("counts a status Report did not set as no verdict, and names who set it", async () => {
    const forged = teamPull(model, "ada", "t0", GREEN, { by: user("ada") });
    const pending = teamPull(model, "bo", "t1");
    setStatus(model, pending, "pending", "Waiting for GitHub's rate limit; judged again by 09:10 UTC");
    const done = await flow().enqueue();
    expect(queue!.entries).toEqual([]);
    expect(section(done.summary, "No verdict yet")).toEqual([
      [forged.number, `the ownership status on ${forged.head.sha.slice(0, 7)} was set by ada, not by Report`],
      [pending.number, "Waiting for GitHub's rate limit; judged again by 09\\:10 UTC"],
    ]);
  });
});

describe("what a run costs", () => {
  it.each([3, 6])(
    "with %i green pull requests: one read, the free budget, a mutation each, one read of the groups",
    async (n) => {
      greens(n);
      const run = flow();
      const from = github.requests.length;
      await run.enqueue();
      const made = github.requests
        .slice(from)
        .map((r) => r.operationName ?? `${r.method} ${r.url.split("?")[0]}`);
      expect(made).toEqual([
        "QueueBoard",
        "GET /rate_limit",
        ...Array<string>(n).fill("Enqueue"),
        "QueueGroups",
      ]);
      expect(model.limits.spentBy(APP_TOKEN)).toMatchObject({
        rest: 0,
        graphql: n + 2,
        writes: n,
        refused: 0,
      });
    },
  );
});

describe("groups the queue builds after the run, for GITHUB_TOKEN's entries", () => {
  it("get Validate from the Sweep when nothing else starts it", async () => {
    const prs = greens(5);
    const run = flow(TOKEN, { buildConcurrency: 2 });
    await run.enqueue();
    expect(model.dispatches).toHaveLength(2);
    await run.drain({ sweeps: 5 });
    expect(prs.map((p) => p.merged)).toEqual([true, true, true, true, true]);
    expect(run.sweeps.map((s) => s.log.match(/Validate started on its merge group/g)?.length)).toEqual([
      2, 1,
    ]);
    expect(queue!.removals).toEqual([]);
  });

  it("get Validate from Report on the group ahead as soon as the queue has built them", async () => {
    const prs = greens(5);
    const run = flow(TOKEN, { buildConcurrency: 2 });
    await run.enqueue();
    await run.drain({ sweeps: 5, oneByOne: true });
    expect(prs.map((p) => p.merged)).toEqual([true, true, true, true, true]);
    expect(run.sweeps).toEqual([]);
    expect(model.dispatches.filter((d) => d.workflow === "validate.yml")).toHaveLength(5);
  });
});
