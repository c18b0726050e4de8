import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INTAKE_MARKER } from "../../generator/github/intake/run.ts";
import type { GithubModel, RunningModel } from "../helpers/github-model/github-model.ts";
import {
  finished,
  forkPull,
  gripperChange,
  reportAfterValidate,
  startScene,
} from "../helpers/report-harness.ts";
import { runSweep } from "../helpers/run-sweep.ts";

let model: GithubModel;
let github: RunningModel;

const sweep = () => runSweep(github.url);
const dispatched = () => model.dispatches.map((d) => `${d.workflow} ${JSON.stringify(d.inputs)}`);

describe("the Sweep", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it("starts Report, oldest first, for each head whose Validate finished and that shows no verdict or a pending one", async () => {
    const judged = forkPull(model, "lenafischer", await gripperChange(), { branch: "judged" });
    await reportAfterValidate({ model, github }, judged);
    const waiting = forkPull(
      model,
      "mnowak",
      { "records/projects/x.yaml": "title: x\n" },
      { branch: "waiting" },
    );
    const run = finished(model, waiting).run;
    const pending = forkPull(
      model,
      "inesduarte",
      { "records/projects/y.yaml": "title: y\n" },
      { branch: "pending" },
    );
    const pendingRun = finished(model, pending).run;
    model.statuses.push({
      sha: pending.head.sha,
      state: "pending",
      context: "hackathon-registry / ownership",
      description: "Waiting for GitHub's rate limit; judged again by 14:10 UTC",
      target_url: null,
      creator: { login: "github-actions[bot]", type: "Bot" },
      created_at: model.isoNow(),
    });
    // Still being validated: its own Report will come.
    forkPull(model, "tortega", { "records/projects/z.yaml": "title: z\n" }, { branch: "validating" });
    // Into another branch: never judged green, and not the sweep's.
    model.push("org/sprint", "elsewhere", {});
    const other = forkPull(model, "lenafischer", await gripperChange(), {
      branch: "other",
      base: "elsewhere",
    });
    finished(model, other);

    github.requests.length = 0;
    const done = await sweep();
    expect(done.failed).toBe(false);
    expect(dispatched()).toEqual([
      `report.yml ${JSON.stringify({ validate_run: String(run.id), pull_request: String(waiting.number), head_sha: waiting.head.sha, head_repository: "mnowak/sprint", head_branch: "waiting" })}`,
      `report.yml ${JSON.stringify({ validate_run: String(pendingRun.id), pull_request: String(pending.number), head_sha: pending.head.sha, head_repository: "inesduarte/sprint", head_branch: "pending" })}`,
    ]);
    expect(model.dispatches.every((d) => d.ref === "main")).toBe(true);
    // One read, the budget (free), and a dispatch each: nothing else is written.
    expect(github.requests.map((r) => r.operationName ?? `${r.method} ${r.url.split("?")[0]}`)).toEqual([
      "Waiting",
      "GET /rate_limit",
      "POST /repos/org/sprint/actions/workflows/report.yml/dispatches",
      "POST /repos/org/sprint/actions/workflows/report.yml/dispatches",
      "Unanswered",
    ]);
  });

  it("starts the intake for a form issue it never answered, and leaves answered and other issues alone", async () => {
    const lost = model.openIssue("newbie", "Register team: Lost Form", "### Team name\n\nLost", [
      "intake: register team",
    ]);
    const answered = model.openIssue("other", "Register team: Fine", "x", ["intake: register team"]);
    model.comments.push({
      id: model.nextId(),
      issue: answered.number,
      body: `${INTAKE_MARKER}\nOpened…`,
      user: { login: "github-actions[bot]", type: "Bot" },
    });
    model.openIssue("someone", "The wifi is down", "help", []);
    // A person's comment that copies the marker does not count as the intake's answer.
    const spoofed = model.openIssue("third", "Update team: x", "y", []);
    model.comments.push({
      id: model.nextId(),
      issue: spoofed.number,
      body: `${INTAKE_MARKER}\nfake`,
      user: { login: "third", type: "User" },
    });

    expect((await sweep()).failed).toBe(false);
    expect(dispatched()).toEqual([
      `intake.yml {"issue":"${lost.number}"}`,
      `intake.yml {"issue":"${spoofed.number}"}`,
    ]);
  });

  it("keeps a share of the hour's budget for new pushes, and ends quietly when GitHub's limit is spent", async () => {
    for (const [who, i] of [
      ["mnowak", 1],
      ["inesduarte", 2],
      ["tortega", 3],
    ] as const)
      finished(
        model,
        forkPull(model, who, { [`records/projects/p${i}.yaml`]: "title: p\n" }, { branch: `b${i}` }),
      );
    // 10 % of 100 is kept: with 16 left, one dispatch and its Report's four fit, not two.
    model.limits.set("ghs_test-token", { rest: 100 });
    for (let i = 0; i < 84; i++) model.limits.take("ghs_test-token", "core", 1, false);
    expect((await sweep()).failed).toBe(false);
    expect(model.dispatches).toHaveLength(1);

    model.limits.set("ghs_test-token", { graphql: 1 });
    model.limits.take("ghs_test-token", "graphql", 1, false);
    const spent = await sweep();
    expect(spent.failed).toBe(false);
    expect(spent.log).toContain("GitHub's rate limit is spent until");
    expect(model.dispatches).toHaveLength(1);
  });
});
