import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXAMPLE } from "../helpers/fixture-root.ts";
import type { GithubModel, RunningModel } from "../helpers/github-model/github-model.ts";
import { testMerge } from "../helpers/github-model/routes.ts";
import { textsRead } from "../helpers/github-model/texts-read.ts";
import { forkPull, reportAfterValidate, startScene } from "../helpers/report-harness.ts";

/**
 * Report judges what merges, not only what the pull request shows: the attack the hostile review
 * found, on the GitHub model, where the test merge is git's three-way merge of the two branches.
 */
let model: GithubModel;
let github: RunningModel;

const TIDY = "records/projects/cable-tidy.yaml"; // junpark's project, `teamSlug: null` on its last line
const GANG = "records/teams/gripper-gang.yaml"; // lenafischer's team
const statuses = () => model.statuses.map((s) => [s.state, s.description]);
const comment = () => model.comments[0]?.body ?? "";
const fileIn = (sha: string, path: string) => model.git.get(sha).tree.get(path)!;

/**
 * The attack: a branch made while `line` stood on main puts `key: value` at the top (the head
 * has the key twice and does not parse); meanwhile main drops `line` (an allowed change of the
 * author's own record), so the test merge is valid and carries the new value.
 */
async function duplicateKeyAttack(author: string, path: string, line: string, top: string) {
  const before = await readFile(join(EXAMPLE, path), "utf8");
  const withLine = before.includes(line) ? before : `${before}${line}\n`;
  model.push("org/sprint", "main", { [path]: withLine });
  model.push(`${author}/sprint`, "attack", { [path]: withLine.replace("\n", `\n${top}\n`) });
  model.push("org/sprint", "main", { [path]: withLine.replace(`${line}\n`, "") });
  const pr = forkPull(model, author, {}, { branch: "attack" });
  const merge = testMerge(model, pr)!;
  expect(fileIn(merge, path)).toContain(`${top}\n`);
  expect(fileIn(merge, path)).not.toContain(`${line}\n`);
  return pr;
}

describe("Report judges what merges", () => {
  beforeEach(async () => {
    ({ model, github } = await startScene());
  });
  afterEach(() => github.close());

  it("refuses a head whose teamSlug appears twice, which merges as joining another team", async () => {
    const pr = await duplicateKeyAttack("junpark", TIDY, "teamSlug: null", "teamSlug: drone-dojo");
    expect((await reportAfterValidate({ model, github }, pr)).code).toBe(0);
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    expect(comment()).toContain("its version in this pull request does not parse \\(line 16\\: each key");
    expect(comment()).toContain('(found "teamSlug" twice\\)\\), so an organiser must review it');
  });

  it("refuses a head whose formerSlugs appear twice, which merges as squatting a slug", async () => {
    const pr = await duplicateKeyAttack("lenafischer", GANG, "formerSlugs: []", "formerSlugs: [drone-dojo]");
    expect((await reportAfterValidate({ model, github }, pr)).code).toBe(0);
    expect(statuses()).toEqual([["failure", "1 change(s) need an organiser"]]);
    expect(comment()).toContain("its version in this pull request does not parse");
  });

  it("reads each record in GitHub's test merge as well as in the head", async () => {
    const gang = await readFile(join(EXAMPLE, GANG), "utf8");
    const pr = forkPull(model, "lenafischer", { [GANG]: gang.replace("[3D printing]", "[ROS 2]") });
    github.requests.length = 0;
    expect((await reportAfterValidate({ model, github }, pr)).code).toBe(0);
    expect(statuses()).toEqual([["success", "lenafischer may make every change"]]);
    // The base (the default branch's commit when first read), the head and GitHub's test merge.
    const reads = textsRead(github.requests).filter((t) => t.startsWith(`${GANG}@`));
    expect(reads.sort()).toEqual(
      [`${GANG}@${model.mainSha}`, `${GANG}@${pr.head.sha}`, `${GANG}@${testMerge(model, pr)}`].sort(),
    );
  });

  it("refuses while the pull request has merge conflicts: what it would merge cannot be read", async () => {
    const gang = await readFile(join(EXAMPLE, GANG), "utf8");
    const pr = forkPull(model, "lenafischer", { [GANG]: gang.replace("[3D printing]", "[ROS 2]") });
    model.push("org/sprint", "main", { [GANG]: gang.replace("[3D printing]", "[Welding]") });
    expect((await reportAfterValidate({ model, github }, pr)).code).toBe(0);
    expect(statuses()).toEqual([
      [
        "failure",
        "the pull request has merge conflicts, so what it would merge cannot be checked; update the branch",
      ],
    ]);
  });

  it("asks again while GitHub computes the test merge, and leaves the head pending if it never says", async () => {
    const gang = await readFile(join(EXAMPLE, GANG), "utf8");
    const pr = forkPull(model, "lenafischer", { [GANG]: gang.replace("[3D printing]", "[ROS 2]") });
    model.mergeabilityPending.add(pr.number);
    expect((await reportAfterValidate({ model, github }, pr)).code).toBe(0);
    // The first read and three more, a step apart, while GitHub says UNKNOWN.
    const reads = github.requests.filter((r) => r.operationName === "PullForReport");
    expect(reads).toHaveLength(4);
    // Not a refusal: the head waits, pending, and the sweep judges it again.
    expect(statuses()[0]).toEqual([
      "pending",
      `#${pr.number}: GitHub has not yet worked out what it would merge; judged again within 10 minutes`,
    ]);

    model.statuses.length = 0;
    github.after("POST", "/graphql", () => model.mergeabilityPending.delete(pr.number));
    expect((await reportAfterValidate({ model, github }, pr)).code).toBe(0);
    expect(statuses()).toEqual([["success", "lenafischer may make every change"]]);
  });
});
