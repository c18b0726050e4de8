import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import type { GithubModel, Pull, RunningModel } from "../helpers/github-model/github-model.ts";
import { workflowRunEvent } from "../helpers/github-model/webhook-events.ts";
import { finished, forkPull, reportOf, runReport, startScene } from "../helpers/report-harness.ts";

/**
 * The example event closes registration at 12:00 CET on 5 Dec and submissions at 14:00 CET on
 * 6 Dec, with gripper-gang given until 15:00 CET. A change is dated by GitHub's clock: the
 * `created_at` of the first Validate run GitHub made for its head commit.
 */
let model: GithubModel;
let github: RunningModel;

const SWARM = "records/projects/swarm-lights.yaml"; // drone-dojo's: mnowak, inesduarte
const SOFT = "records/projects/soft-grasp.yaml"; // gripper-gang's: lenafischer
const DOJO = "records/teams/drone-dojo.yaml";
const CLOSED = "submissions closed Sun 6 Dec 2026, 14:00 CET; an organiser may accept it by approving";

const at = (utc: string) => (model.now = Date.parse(utc));
const example = (path: string) => readFile(join(EXAMPLE, path), "utf8");
const status = () => {
  const last = model.statuses.at(-1)!;
  return [last.state, last.description];
};
const comment = () => model.comments.at(-1)?.body ?? "";

/** A change of `path` by `author` in a new pull request, with `edit` applied to the example text. */
async function change(author: string, path: string, edit: (text: string) => string, branch = "edit") {
  return forkPull(model, author, { [path]: edit(await example(path)) }, { branch });
}

/** Validate runs for the head now (GitHub creates the run), then Report runs after it. */
async function validate(pr: Pull) {
  const done = finished(model, pr);
  const run = await runReport(github.url, reportOf(model, pr), done.event, { VALIDATE_RUN_URL: done.url });
  expect(run.code).toBe(0);
  return done.run;
}

const retitle = (text: string) => text.replace(/^title: .*$/m, "title: Renamed in a hurry");

describe("deadlines, judged by GitHub's own time", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it("allows a project changed before submissions close, and refuses one changed after", async () => {
    at("2026-12-06T12:59:00Z");
    await validate(await change("mnowak", SWARM, retitle));
    expect(status()).toEqual(["success", "mnowak may make every change"]);

    at("2026-12-06T13:02:00Z");
    await validate(await change("mnowak", SWARM, retitle, "late"));
    expect(status()).toEqual(["failure", `late: validated Sun 6 Dec 2026, 14:02 CET; ${CLOSED}`]);
    expect(comment()).toContain(
      "| ❌ | `records/projects/swarm-lights.yaml` | modified | late\\: validated Sun 6 Dec 2026, 14\\:02 CET; submissions closed Sun 6 Dec 2026, 14\\:00 CET; an organiser may accept it by approving |",
    );
  });

  it("never reads a commit's date, which its author wrote: only the run GitHub created", async () => {
    at("2026-12-06T13:30:00Z");
    await validate(await change("mnowak", SWARM, retitle));
    expect(status()[0]).toBe("failure");
    expect(github.requests.some((r) => /\/commits\b/.test(r.url))).toBe(false);
    // The head's Validate runs come with the pull request's first read (its check suites).
    expect(github.requests.find((r) => r.operationName === "PullForReport")?.body).toMatchObject({
      variables: { head: model.pulls[0]!.head.sha },
    });
    expect(JSON.stringify(github.requests.map((r) => r.body))).toContain("checkSuites");
  });

  it("allows a late change an organiser approves on its head commit", async () => {
    at("2026-12-06T13:30:00Z");
    const pr = await change("mnowak", SWARM, retitle);
    const validated = await validate(pr);
    model.review(pr.number, "ada-organiser", "APPROVED");
    const review = finished(model, pr, { workflow: "review", event: "pull_request_review" });
    const url = `https://github.com/org/sprint/actions/runs/${validated.id}`;
    expect(
      (await runReport(github.url, reportOf(model, pr), review.event, { VALIDATE_RUN_URL: url })).code,
    ).toBe(0);
    expect(status()).toEqual(["success", "approved by organiser ada-organiser on this commit"]);
  });

  it("gives a team with an extension its own deadline", async () => {
    at("2026-12-06T13:30:00Z");
    await validate(await change("lenafischer", SOFT, retitle));
    expect(status()).toEqual(["success", "lenafischer may make every change"]);
    at("2026-12-06T14:10:00Z");
    await validate(await change("lenafischer", SOFT, retitle, "later"));
    expect(status()).toEqual([
      "failure",
      "late: validated Sun 6 Dec 2026, 15:10 CET; submissions (extended for gripper-gang) closed Sun 6 Dec 2026, 15:00 CET; an organiser may accept it by approving".slice(
        0,
        140,
      ),
    ]);
  });

  it("keeps an on-time commit on time when it is re-run or reviewed after the deadline", async () => {
    at("2026-12-06T12:00:00Z");
    const pr = await change("mnowak", SWARM, retitle);
    const validated = await validate(pr);
    at("2026-12-06T16:00:00Z");
    model.rerun(validated);
    const rerun = await runReport(github.url, reportOf(model, pr), workflowRunEvent(model, validated), {
      VALIDATE_RUN_URL: `https://github.com/org/sprint/actions/runs/${validated.id}`,
    });
    expect(rerun.code).toBe(0);
    expect(status()).toEqual(["success", "mnowak may make every change"]);
    model.review(pr.number, "tortega", "COMMENTED");
    const review = finished(model, pr, { workflow: "review", event: "pull_request_review" });
    await runReport(github.url, reportOf(model, pr), review.event, {
      VALIDATE_RUN_URL: `https://github.com/org/sprint/actions/runs/${validated.id}`,
    });
    // Both runs judged it on time again; the status was already that, so it was not written again.
    expect(model.statuses.map((s) => s.state)).toEqual(["success"]);
    expect(model.status(pr.head.sha, "hackathon-registry / ownership")?.state).toBe("success");
  });

  it("refuses a new team after registration closes, and allows it before", async () => {
    const team = "name: Late Birds\nmembers:\n  - name: Newbie\n    github: newbie\n";
    at("2026-12-05T10:59:00Z");
    await validate(forkPull(model, "newbie", { "records/teams/late-birds.yaml": team }, { branch: "a" }));
    expect(status()).toEqual(["success", "newbie may make every change"]);
    at("2026-12-05T11:01:00Z");
    await validate(forkPull(model, "newbie", { "records/teams/late-birds.yaml": team }, { branch: "b" }));
    expect(status()).toEqual([
      "failure",
      "late: validated Sat 5 Dec 2026, 12:01 CET; registration closed Sat 5 Dec 2026, 12:00 CET; an organiser may accept it by approving",
    ]);
  });

  it("refuses a change of a team's members after submissions close, and allows its other edits", async () => {
    at("2026-12-06T13:30:00Z");
    await validate(await change("mnowak", DOJO, (t) => t.replace("Swarm algorithms", "Radio"), "a"));
    expect(status()).toEqual(["success", "mnowak may make every change"]);
    const joined = (t: string) => `${t}  - name: Late Friend\n    github: latefriend\n`;
    await validate(await change("mnowak", DOJO, joined, "b"));
    expect(status()).toEqual(["failure", `late: validated Sun 6 Dec 2026, 14:30 CET; ${CLOSED}`]);
  });

  it("keeps a commit force-pushed back to after the deadline on time: GitHub saw that content in time", async () => {
    at("2026-12-06T12:00:00Z");
    const pr = await change("mnowak", SWARM, retitle);
    const onTime = pr.head.sha;
    await validate(pr);
    at("2026-12-06T13:30:00Z");
    model.push("mnowak/sprint", "edit", { [SWARM]: "title: Changed after the deadline\n" });
    await validate(pr);
    expect(status()[0]).toBe("failure");
    at("2026-12-06T13:40:00Z");
    model.setBranch("mnowak/sprint", "edit", onTime);
    await validate(pr);
    expect(pr.head.sha).toBe(onTime);
    const shown = model.status(onTime, "hackathon-registry / ownership")!;
    expect([shown.state, shown.description]).toEqual(["success", "mnowak may make every change"]);
  });

  it("never holds an organiser's own pull request to a deadline", async () => {
    at("2026-12-07T09:00:00Z");
    await validate(await change("ada-organiser", SWARM, retitle));
    expect(status()).toEqual(["success", "ada-organiser may make every change"]);
  });
});
