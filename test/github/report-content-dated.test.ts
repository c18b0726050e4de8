import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import { finished, forkPull, reportOf, runReport, startScene } from "../helpers/report-harness.ts";

/**
 * Lateness dated by content (issue 55): an update of the branch or a rebase after the deadline
 * makes a new head whose own Validate run is late, yet carries content GitHub validated in time at
 * an earlier head of the pull request. The example event closes submissions at 14:00 CET (13:00Z).
 */
let model: GithubModel;
let github: RunningModel;

const SWARM = "records/projects/swarm-lights.yaml"; // drone-dojo's: mnowak
const CONTEXT = "hackathon-registry / ownership";
const at = (utc: string) => (model.now = Date.parse(utc));
const retitle = (text: string) => text.replace(/^title: .*$/m, "title: Renamed in a hurry");
const shown = (pr: Pull) => {
  const s = model.status(pr.head.sha, CONTEXT);
  return [s?.state, s?.description];
};

async function onTimePull(): Promise<Pull> {
  at("2026-12-06T12:50:00Z");
  const text = await readFile(join(EXAMPLE, SWARM), "utf8");
  const pr = forkPull(model, "mnowak", { [SWARM]: retitle(text) }, { branch: "edit" });
  await validate(pr);
  expect(shown(pr)).toEqual(["success", "mnowak may make every change"]);
  return pr;
}

/** Validate runs for the head now (GitHub creates the run), then Report runs after it. */
async function validate(pr: Pull) {
  const done = finished(model, pr);
  const run = await runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
  expect(run.code).toBe(0);
  return run;
}

/** Someone else's change merges meanwhile, so the pull request is behind its base. */
const mainMoves = () =>
  model.push("org/sprint", "main", { "records/teams/new-crew.yaml": "name: New Crew\n" });

/** The "Update branch" button, through the REST API as GitHub describes it. */
async function updateBranch(pr: Pull) {
  const response = await fetch(`${github.url}/repos/org/sprint/pulls/${pr.number}/update-branch`, {
    method: "PUT",
    headers: { authorization: "token ghs_test-token", "content-type": "application/json" },
    body: JSON.stringify({ expected_head_sha: pr.head.sha }),
  });
  expect(response.status).toBe(202);
}

describe("lateness dated by content", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it("keeps an on-time pull request green when its branch is updated after the deadline", async () => {
    const pr = await onTimePull();
    const before = pr.head.sha;
    mainMoves();
    at("2026-12-06T13:20:00Z");
    await updateBranch(pr);
    expect(pr.head.sha).not.toBe(before);
    await validate(pr);
    expect(shown(pr)).toEqual(["success", "mnowak may make every change"]);
    expect(github.requests.filter((r) => r.operationName === "ContentSeen")).toHaveLength(1);
  });

  it("keeps a rebase onto the new base on time: the same blob, a new commit", async () => {
    const pr = await onTimePull();
    const text = model.git.get(pr.head.sha).tree.get(SWARM)!;
    const moved = mainMoves();
    at("2026-12-06T13:25:00Z");
    // A rebase: a new commit on the new base with the same content, force-pushed over the old head.
    model.setBranch("mnowak/sprint", "edit", model.git.commit(moved, { [SWARM]: text }));
    await validate(pr);
    expect(model.forcePushes).toHaveLength(1);
    expect(shown(pr)).toEqual(["success", "mnowak may make every change"]);
  });

  it("refuses a changed byte after the deadline, and says when it was validated", async () => {
    const pr = await onTimePull();
    at("2026-12-06T13:10:00Z");
    const text = model.git.get(pr.head.sha).tree.get(SWARM)!;
    model.push("mnowak/sprint", "edit", { [SWARM]: `${text}# one more line\n` });
    await validate(pr);
    expect(shown(pr)).toEqual([
      "failure",
      "late: validated Sun 6 Dec 2026, 14:10 CET; submissions closed Sun 6 Dec 2026, 14:00 CET; an organiser may accept it by approving",
    ]);
  });

  it("takes content changed back to what was validated in time as on time", async () => {
    const pr = await onTimePull();
    const text = model.git.get(pr.head.sha).tree.get(SWARM)!;
    at("2026-12-06T13:10:00Z");
    model.push("mnowak/sprint", "edit", { [SWARM]: `${text}# oops\n` });
    await validate(pr);
    expect(shown(pr)[0]).toBe("failure");
    at("2026-12-06T13:12:00Z");
    model.push("mnowak/sprint", "edit", { [SWARM]: text });
    await validate(pr);
    expect(shown(pr)).toEqual(["success", "mnowak may make every change"]);
  });

  it("dates what merges: a record the base changed meanwhile makes new content, which is late", async () => {
    const pr = await onTimePull();
    const text = model.git.get(model.mainSha).tree.get(SWARM)!;
    // An organiser edits the same record's last line on main; the test merge now holds both edits.
    model.push("org/sprint", "main", { [SWARM]: `${text}# organiser's note\n` });
    at("2026-12-06T13:20:00Z");
    await updateBranch(pr);
    await validate(pr);
    expect(shown(pr)[0]).toBe("failure");
    expect(shown(pr)[1]).toMatch(/^late: validated Sun 6 Dec 2026, 14:20 CET/);
  });

  it("fails closed when GitHub cannot answer the history: an error, never a green status", async () => {
    const pr = await onTimePull();
    mainMoves();
    at("2026-12-06T13:20:00Z");
    await updateBranch(pr);
    // The pull request's reads answer (PullForReport, Texts and the Texts that confirm nothing
    // moved); the history then fails each time it is asked (GitHub's 502), through every retry.
    const failHistory = () => {
      for (let i = 0; i < 10; i++) github.fail({ method: "POST", url: "/graphql", status: 502 });
    };
    github.after("POST", "/graphql", () =>
      github.after("POST", "/graphql", () => github.after("POST", "/graphql", failHistory)),
    );
    const done = finished(model, pr);
    await runReport(github.url, reportOf(model, pr), done.event, {
      VALIDATE_RUN_URL: done.url,
      REGISTRY_RETRY_BASE_MS: "0",
    });
    expect(shown(pr)[0]).toBe("error");
    const asked = github.requests.filter((r) => r.url === "/graphql").map((r) => r.operationName);
    expect(asked.slice(-3)).toEqual(["ContentSeen", "ContentSeen", "ContentSeen"]);
  });
});
