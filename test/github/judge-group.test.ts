import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { groupBranch, judgeGroup, type GroupFacts } from "../../generator/github/queue/judge-group.ts";
import { groupArtifactFor, readGroupArtifact } from "../../generator/report/group-artifact.ts";
import { artifactFor, readReportArtifact, REPORT_FILE } from "../../generator/report/report-artifact.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/**
 * The group's verdict as data (judge-group.ts), for what the end-to-end tests
 * (merge-queue-report.test.ts) do not reach: a branch that disagrees with the queue, a group the
 * queue does not hold, a change no pull request brings, a removal, a list GitHub cut short; and
 * the group's artifact read strictly apart from a pull request's.
 */
const sha = (c: string) => c.repeat(40);
const HEAD = sha("a");
const facts = (over: Partial<GroupFacts> = {}): GroupFacts => ({
  headSha: HEAD,
  headBranch: `gh-readonly-queue/main/pr-2-${sha("b")}`,
  defaultBranch: "main",
  entries: [
    {
      position: 1,
      number: 1,
      author: "ada",
      headSha: sha("1"),
      groupSha: sha("c"),
      files: ["records/teams/a.yaml"],
    },
    {
      position: 2,
      number: 2,
      author: "bo",
      headSha: sha("2"),
      groupSha: HEAD,
      files: ["records/teams/b.yaml"],
    },
    {
      position: 3,
      number: 3,
      author: "cy",
      headSha: sha("3"),
      groupSha: sha("d"),
      files: ["records/teams/c.yaml"],
    },
  ],
  changes: [
    { path: "records/teams/a.yaml", status: "added", sha: sha("e") },
    { path: "records/teams/b.yaml", status: "added", sha: sha("f") },
  ],
  verdicts: new Map([
    [1, { state: "success", creator: "github-actions[bot]" }],
    [2, { state: "success", creator: "registry-app[bot]" }],
    [3, null],
  ]),
  blobs: new Map([
    ["1 records/teams/a.yaml", sha("e")],
    ["2 records/teams/b.yaml", sha("f")],
  ]),
  trusted: ["github-actions[bot]", "registry-app[bot]"],
  ...over,
});

describe("judgeGroup", () => {
  it("passes a group whose pull requests (those up to its own entry) are green and bring every blob", () => {
    expect(judgeGroup(facts())).toEqual({
      state: "success",
      description: "Every pull request in this group has a green verdict for what it brings: #1, #2",
      pulls: [1, 2],
    });
  });

  it("refuses a group whose branch disagrees with the queue, the queue does not hold, or that merges elsewhere", () => {
    const state = (over: Partial<GroupFacts>) => judgeGroup(facts(over)).description;
    expect(state({ headBranch: `gh-readonly-queue/main/pr-3-${sha("b")}` })).toBe(
      "the group's branch names #3, but the queue built it for #2",
    );
    expect(state({ headSha: sha("9") })).toBe("the merge queue holds no entry whose group is 9999999");
    expect(state({ headBranch: `gh-readonly-queue/release/pr-2-${sha("b")}` })).toBe(
      "the group merges into release; the registry checks main only",
    );
    expect(state({ headBranch: "feature" })).toBe("feature is not a merge queue's branch");
    expect(groupBranch(`gh-readonly-queue/team/x/pr-12-${sha("0")}`)).toEqual({ base: "team/x", number: 12 });
  });

  it("fails a change no pull request of the group brings, a removal one did not make, and lists cut short", () => {
    const extra = { path: ".github/workflows/report.yml", status: "modified", sha: sha("9") };
    expect(judgeGroup(facts({ changes: [...facts().changes!, extra] }))).toMatchObject({
      state: "failure",
      description: ".github/workflows/report.yml changes in the group, but no pull request in it changes it",
      blame: 2,
    });
    const removed = { path: "records/teams/a.yaml", status: "removed", sha: sha("e") };
    expect(judgeGroup(facts({ changes: [removed] }))).toMatchObject({
      description: "records/teams/a.yaml differs from what #1 brought",
      blame: 1,
    });
    expect(judgeGroup(facts({ changes: undefined })).description).toBe(
      "the group changes more files than GitHub lists",
    );
    const many = facts().entries.map((e) => (e.number === 1 ? { ...e, files: undefined } : e));
    expect(judgeGroup(facts({ entries: many })).description).toBe("#1 changes more files than Report reads");
  });

  it("fails a pull request whose verdict is not Report's own, or is not success", () => {
    const verdicts = new Map(facts().verdicts);
    verdicts.set(1, { state: "success", creator: "ada" });
    expect(judgeGroup(facts({ verdicts })).description).toBe("#1's head has no green ownership verdict");
    verdicts.set(1, { state: "pending", creator: "github-actions[bot]" });
    expect(judgeGroup(facts({ verdicts }))).toMatchObject({ state: "failure", blame: 1 });
  });
});

describe("a merge group's artifact", () => {
  const group = {
    headSha: HEAD,
    baseSha: sha("b"),
    headRef: `refs/heads/gh-readonly-queue/main/pr-2-${sha("b")}`,
  };
  const write = async (data: unknown) => {
    const dir = await tempDir();
    await writeFile(join(dir, REPORT_FILE), JSON.stringify(data));
    return dir;
  };

  it("is read by its own schema, and a pull request's artifact is not read as a group's, nor the other way round", async () => {
    const mine = groupArtifactFor(group, false, [], null);
    expect(await readGroupArtifact(await write(mine))).toEqual({ ok: true, report: mine });
    expect(await readReportArtifact(await write(mine))).toMatchObject({ ok: false });
    const pr = artifactFor({ number: 2, headSha: HEAD, baseSha: sha("b") }, true, [], null);
    expect(await readGroupArtifact(await write(pr))).toMatchObject({ ok: false });
  });

  it("refuses a group branch that is not the queue's", async () => {
    const forged = groupArtifactFor({ ...group, headRef: "refs/heads/main" }, true, [], null);
    expect(await readGroupArtifact(await write(forged))).toEqual({
      ok: false,
      reason:
        'report.json does not match its schema: /mergeGroup/headRef must match pattern "^refs/heads/gh-readonly-queue/[^\\u0000-\\u001f]+/pr-[1-9][0-9]{0,9}-[0-9a-f]{40}$"',
    });
  });
});
