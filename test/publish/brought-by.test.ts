import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { broughtBy, pullOf } from "../../generator/publish/brought-by.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { mergePulls } from "../helpers/merged-pulls.ts";

const team = (name: string) => `name: ${name}\nlookingForMembers: false\nmembers:\n  - name: X\n`;
const subject = (root: string, rev: string) =>
  execFileSync("git", ["log", "-1", "--format=%H %s", rev], { cwd: root, encoding: "utf8" }).trim();

describe("which pull request last brought a record to the branch", () => {
  it("reads GitHub's merge commit, its squash and a rebase from the first-parent line; the last change wins", async () => {
    const root = await fixtureRoot();
    await mergePulls(root, [
      { number: 4, how: "merge", files: { "records/teams/a.yaml": team("A") } },
      { number: 5, how: "squash", files: { "records/teams/b.yaml": team("B") } },
      { number: 6, how: "rebase", files: { "records/teams/c.yaml": team("C") } },
      { number: 7, how: "merge", files: { "records/teams/b.yaml": team("B two") } },
    ]);
    const found = await broughtBy(root, [
      "records/teams/a.yaml",
      "records/teams/b.yaml",
      "records/teams/c.yaml",
      "records/teams/alpha-team.yaml",
      "records/teams/never.yaml",
    ]);
    const [head, rebased, , merged4] = ["HEAD", "HEAD~1", "HEAD~2", "HEAD~3"].map((rev) =>
      subject(root, rev),
    );
    const arrival = (line: string, pull?: number) => {
      const [sha, ...words] = line!.split(" ");
      return { sha, subject: words.join(" "), ...(pull === undefined ? {} : { pull }) };
    };
    expect(Object.fromEntries(found)).toEqual({
      // The merge commit, not the pull request's own commit inside it.
      "records/teams/a.yaml": arrival(merged4!, 4),
      "records/teams/b.yaml": arrival(head!, 7),
      "records/teams/c.yaml": arrival(rebased!),
      "records/teams/alpha-team.yaml": arrival(subject(root, "HEAD~4")),
    });
  });

  it("gives each file asked for its own commit, a name that reads as a pattern included, and nothing outside git", async () => {
    const root = await fixtureRoot();
    await mergePulls(root, [
      { number: 8, how: "squash", files: { "records/teams/[ab].yaml": team("AB") } },
      { number: 9, how: "squash", files: { "records/teams/a.yaml": team("A") } },
    ]);
    const found = await broughtBy(root, ["records/teams/[ab].yaml", "records/teams/a*.yaml"]);
    expect([...found].map(([file, arrival]) => [file, arrival.pull])).toEqual([
      ["records/teams/[ab].yaml", 8],
    ]);
    expect(await broughtBy(await tempDir(), ["records/teams/a.yaml"])).toEqual(new Map());
  });

  it.each([
    ["Merge pull request #12 from alice/gamma", 12],
    ["Add Gamma Team (#13)", 13],
    ['Revert "Add Gamma Team (#13)"', undefined],
    ["Fix #14 in the team list", undefined],
    ["Merge branch 'main' into pull request #15 from x", undefined],
    ["", undefined],
  ])("%j names pull request %s", (line, pull) => {
    expect(pullOf(line)).toEqual(pull === undefined ? {} : { pull });
  });
});
