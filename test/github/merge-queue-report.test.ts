import { groupCheckout } from "../helpers/final-hour/group-checkout.ts";
import { join } from "node:path";
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run as reportRun } from "../../generator/github/report/run.ts";
import { run as validateRun } from "../../generator/github/validate/run.ts";
import { runInProcess } from "../helpers/action-in-process.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import {
  ACTIONS_BOT,
  APP_TOKEN,
  GithubModel,
  REPOSITORY,
  user,
  type Pull,
  type RunningModel,
} from "../helpers/github-model/github-model.ts";
import { type GroupEvent, type MergeQueue } from "../helpers/github-model/merge-queue.ts";
import { workflowRunEvent } from "../helpers/github-model/webhook-events.ts";
import { exampleQueue } from "../helpers/queue-workflows.ts";

/**
 * GitHub's merge queue with the registry's workflows, driven by the model's `merge_group` events:
 * Validate (the real validator, on the group's head tree) and Report (generator/github/queue/) on
 * each group, the queue's verdicts after them. Every entry is enqueued with the App's token, for
 * which GitHub starts the group's workflows; nothing waits for the queue's timeout.
 */
const OWNERSHIP = "hackathon-registry / ownership";
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let model: GithubModel;
let github: RunningModel;
let queue: MergeQueue;
let done: number;

beforeEach(async () => {
  ({ model, github, queue } = await exampleQueue());
  done = 0;
});
afterEach(() => github.close());

const teamFile = (name: string, handle: string) =>
  `name: ${name}\nlookingForMembers: true\nskillsWanted: [ROS 2]\nmembers:\n  - name: ${handle}\n    github: ${handle}\n`;

/** A pull request adding a team, with the verdicts Validate and Report left on its head. */
function pullWithTeam(
  author: string,
  slug: string,
  name: string,
  verdict = "success",
  by = ACTIONS_BOT,
): Pull {
  model.push(`${author}/sprint`, slug, { [`records/teams/${slug}.yaml`]: teamFile(name, author) });
  const pr = model.openPull(author, `${author}:${slug}`, "main", `Add ${name}`);
  model.finishRun({
    path: ".github/workflows/validate.yml",
    event: "pull_request",
    head_sha: pr.head.sha,
    head_branch: slug,
    head_repository: `${author}/sprint`,
    conclusion: "success",
  });
  setVerdict(pr, verdict, by);
  return pr;
}
function setVerdict(pr: Pull, state: string, by = ACTIONS_BOT) {
  model.statuses.push({
    sha: pr.head.sha,
    state,
    context: OWNERSHIP,
    description: null,
    target_url: null,
    creator: by,
    created_at: model.isoNow(),
  });
}

/** The App's requests (REST, and GraphQL points) one step made. */
function spending<T>(step: () => Promise<T>) {
  const before = { ...model.limits.spentBy(APP_TOKEN) };
  const from = github.requests.length;
  return step().then((value) => {
    const after = model.limits.spentBy(APP_TOKEN);
    const rest = github.requests.slice(from).filter((r) => r.operationId !== "graphql");
    return { value, rest: after.rest - before.rest, graphql: after.graphql - before.graphql, calls: rest };
  });
}

/** Validate on the group's head; GitHub completes its run (the required check `validate`). */
async function validateGroup(event: GroupEvent) {
  const run = event.runs.find((r) => r.path === ".github/workflows/validate.yml")!;
  const dir = join(await tempDir("pr-report-"), "pr-report");
  const validated = await runInProcess(validateRun, event.payload, {
    GITHUB_WORKSPACE: await groupCheckout(model, event.group.headSha),
    REPORT_DIR: dir,
  });
  model.completeRun(run, validated.failed ? "failure" : "success");
  return { event, run, dir, validated };
}

/** Report after the group's Validate run (workflow_run), with the artifact's download, on the App's token. */
async function reportGroup({ event, run, dir, validated }: Awaited<ReturnType<typeof validateGroup>>) {
  const spent = await spending(async () => {
    await download(run.id);
    return runInProcess(reportRun, workflowRunEvent(model, run), {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: APP_TOKEN,
      APP_SLUG: "registry-app",
      REGISTRY_RETRY_BASE_MS: "0",
      REPORT_DIR: dir,
      VALIDATE_RUN_URL: `https://github.com/${REPOSITORY}/actions/runs/${run.id}`,
      ARTIFACT_DOWNLOAD: "success",
      PATH: process.env.PATH ?? "/usr/bin:/bin",
    });
  });
  const status = model.status(event.group.headSha, OWNERSHIP);
  return { event, validated, report: spent.value, rest: spent.rest, graphql: spent.graphql, status };
}

/** actions/download-artifact's two requests, on the App's budget. */
async function download(runId: number) {
  const octokit = new Octokit({
    auth: APP_TOKEN,
    baseUrl: github.url,
    log: quiet,
    request: { redirect: "manual" },
  });
  await octokit.rest.actions.listWorkflowRunArtifacts({
    owner: "org",
    repo: "sprint",
    run_id: runId,
    name: "pr-report",
  });
  await octokit.rest.actions
    .downloadArtifact({ owner: "org", repo: "sprint", artifact_id: runId, archive_format: "zip" })
    .catch((e: { status?: number }) => expect(e.status).toBe(302));
}

/**
 * The groups GitHub has asked checks for, as GitHub runs them: every new group's Validate at once,
 * the queue's reaction to their checks, then each one's Report and the queue's reaction again;
 * again for the groups that rebuilt, until the queue asks for nothing more.
 */
async function drain() {
  const results: Array<Awaited<ReturnType<typeof reportGroup>>> = [];
  while (done < queue.events.length) {
    const batch = queue.events.slice(done);
    done = queue.events.length;
    // A group the queue has since rebuilt or merged gets no run.
    const live = batch.filter((e) => queue.groups().some((g) => g.headSha === e.group.headSha));
    const validated = [];
    for (const event of live) validated.push(await validateGroup(event));
    queue.tick();
    for (const v of validated) results.push(await reportGroup(v));
    queue.tick();
  }
  return results;
}

describe("Validate and Report on merge groups", () => {
  it("a group of three green pull requests: success on each group's head, and the queue merges all three", async () => {
    const prs = [
      pullWithTeam("ada", "robots-a", "Robots A"),
      pullWithTeam("bo", "robots-b", "Robots B"),
      pullWithTeam("cy", "robots-c", "Robots C"),
    ];
    const start = model.now;
    for (const pr of prs) queue.enqueue(pr.number, user("organiser"));
    const results = await drain();
    expect(results.map((r) => [r.validated.failed, r.report.failed, r.status?.state])).toEqual([
      [false, false, "success"],
      [false, false, "success"],
      [false, false, "success"],
    ]);
    expect(results[2]!.status!.description).toBe(
      `Every pull request in this group has a green verdict for what it brings: ${prs.map((p) => `#${p.number}`).join(", ")}`,
    );
    expect(prs.map((p) => p.merged)).toEqual([true, true, true]);
    expect(model.mainSha).toBe(results[2]!.event.group.headSha);
    expect(model.now).toBe(start);
    // A group's budget, whatever its size: at most 6 REST requests (2 of them the artifact's) and 3 GraphQL points.
    for (const r of results)
      expect([r.rest <= 6, r.graphql <= 3, r.rest, r.graphql]).toEqual([true, true, 4, 2]);
  });

  it("a pull request whose head verdict turned red, or was set by someone else, fails its group, named, and is told", async () => {
    const red = pullWithTeam("ada", "robots-a", "Robots A");
    const forged = pullWithTeam("bo", "robots-b", "Robots B");
    const fine = pullWithTeam("cy", "robots-c", "Robots C");
    for (const pr of [red, forged, fine]) queue.enqueue(pr.number, user("organiser"));
    setVerdict(red, "failure");
    setVerdict(forged, "success", user("bo"));
    const results = await drain();
    const [r, f, c] = [red.number, forged.number, fine.number];
    const no = (n: number) => `#${n}'s head has no green ownership verdict`;
    // Every group holding #r fails naming it; once #r is out, every group holding #f; then #c's merges.
    expect(results.map((x) => [x.event.group.pulls, x.status?.state, x.status?.description])).toEqual([
      [[r], "failure", no(r)],
      [[r, f], "failure", no(r)],
      [[r, f, c], "failure", no(r)],
      [[f], "failure", no(f)],
      [[f, c], "failure", no(f)],
      [[c], "success", `Every pull request in this group has a green verdict for what it brings: #${c}`],
    ]);
    expect(queue.removals.map((r) => [r.pull, r.reason])).toEqual([
      [red.number, "failed status checks"],
      [forged.number, "failed status checks"],
    ]);
    expect([red.state, forged.state, fine.merged]).toEqual(["open", "open", true]);
    // Each author is told once, by the group built for their pull request; no one else is.
    const told = model.comments.filter((x) => x.user.login === "registry-app[bot]");
    expect(told.map((x) => x.issue)).toEqual([r, f]);
    expect(told[0]!.body).toContain(`${no(r).replace(/#/, "\\#")}`);
  });

  it("two pull requests adding teams of one name: Validate fails the second's group, the first merges, the second's author is told which records clash", async () => {
    const first = pullWithTeam("ada", "robo-a", "Robo");
    const second = pullWithTeam("bo", "robo-b", "Robo");
    queue.enqueue(first.number, user("organiser"));
    queue.enqueue(second.number, user("organiser"));
    const results = await drain();
    expect(results.map((r) => [r.event.group.pulls, r.validated.failed, r.status?.state])).toEqual([
      [[first.number], false, "success"],
      [[first.number, second.number], true, "failure"],
    ]);
    expect(queue.removals.map((r) => [r.pull, r.reason])).toEqual([[second.number, "failed status checks"]]);
    expect([first.merged, second.state]).toEqual([true, "open"]);
    const [told] = model.comments.filter((c) => c.issue === second.number);
    expect(told!.body).toContain("`records/teams/robo-b.yaml`");
    expect(told!.body).toContain("records/teams/robo\\-a\\.yaml");
    expect(results[1]!.rest).toBeLessThanOrEqual(6);
    expect(results[1]!.graphql).toBeLessThanOrEqual(3);
  });

  it("the second of two teams of one name is told its own record clashes with the one merged ahead, whichever file the validator flags", async () => {
    // twin-b merges first; the validator flags the later file by name (twin-b's), naming twin-a's.
    const first = pullWithTeam("bo", "twin-b", "Twin");
    const second = pullWithTeam("ada", "twin-a", "Twin");
    queue.enqueue(first.number, user("organiser"));
    queue.enqueue(second.number, user("organiser"));
    const results = await drain();
    expect(results.map((r) => r.status?.state)).toEqual(["success", "failure"]);
    expect([first.merged, second.state]).toEqual([true, "open"]);
    const [told] = model.comments.filter((c) => c.issue === second.number);
    expect(told!.body).toContain(
      "- `records/teams/twin-a.yaml` (this pull request) clashes with `records/teams/twin-b.yaml`, merged or queued ahead: name must differ",
    );
    expect(told!.body).toContain("Change your record");
    expect(told!.body).not.toContain("`records/teams/twin-b.yaml` line");
    expect(results[1]!.rest).toBeLessThanOrEqual(6);
    expect(results[1]!.graphql).toBeLessThanOrEqual(3);
  });

  it("a group carrying a file two pull requests change, merged into a text neither brought, fails naming the file", async () => {
    const base = "name: Shared\n";
    model.push(REPOSITORY, "main", { "site/notes.md": `one\n\n${base}\n\nthree\n` });
    const edit = (author: string, text: string) => {
      model.push(`${author}/sprint`, "notes", { "site/notes.md": text });
      const pr = model.openPull(author, `${author}:notes`);
      model.finishRun({
        path: ".github/workflows/validate.yml",
        event: "pull_request",
        head_sha: pr.head.sha,
        head_branch: "notes",
        head_repository: `${author}/sprint`,
        conclusion: "success",
      });
      setVerdict(pr, "success");
      return pr;
    };
    const a = edit("ada", `ONE\n\n${base}\n\nthree\n`);
    const b = edit("bo", `one\n\n${base}\n\nTHREE\n`);
    queue.enqueue(a.number, user("organiser"));
    queue.enqueue(b.number, user("organiser"));
    const results = await drain();
    expect(results[1]!.status!.description).toBe(
      `site/notes.md differs from what #${b.number} brought (2 pull requests change it: #${a.number}, #${b.number})`,
    );
    expect(a.merged).toBe(true);
    expect(b.state).toBe("open");
  });
});
