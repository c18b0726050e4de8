import { execFileSync } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { publishProblems } from "../../generator/publish/publish-problems.ts";
import { FIXTURES, fixtureRoot, rootWithRecord, tempDir } from "../helpers/fixture-root.ts";
import { mergePulls } from "../helpers/merged-pulls.ts";
import { readTree } from "../helpers/read-tree.ts";
import { runCli } from "../helpers/run-cli.ts";

/**
 * Without a merge queue, two pull requests each valid alone are merged one after the other, and
 * Publish builds `main`. The clash must stop the build before anything is deployed, leave the last
 * site as it was, and name both records, their lines and who brought them, as Publish's step does.
 */
const CLASH = join(FIXTURES, "merged-clash/teams");
const teamFile = async (name: string) => ({
  [`records/teams/${name}.yaml`]: await readFile(join(CLASH, `${name}.yaml`), "utf8"),
});
const ACTIONS = { GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "org/sprint" };

describe("Publish after two pull requests that clash were merged", () => {
  it("the build exits 1 and leaves the last site byte for byte; the problems step names both teams, their lines, their pull requests and what to do", async () => {
    const root = await fixtureRoot();
    const dir = await tempDir();
    const out = join(dir, "dist");
    expect((await runCli("build", ["--root", root, "--out", out])).code).toBe(0);
    const before = await readTree(out);

    const head = await mergePulls(root, [
      { number: 12, how: "merge", files: await teamFile("name-taken-first") },
      { number: 13, how: "squash", files: await teamFile("name-taken-second") },
    ]);
    const built = await runCli("build", ["--root", root, "--out", out]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`build stopped: the records have errors; ${out} was left as it was`);
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(dir)).toEqual(["dist"]);

    const summary = join(dir, "summary.md");
    await writeFile(summary, "");
    const step = await runCli("publish-problems", ["--root", root], {
      ...ACTIONS,
      GITHUB_SHA: head,
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(step.code, step.stderr).toBe(0);
    const advice =
      "To publish again: open a pull request that renames one of the two teams; the site stays as it was until a build passes.";
    const short = execFileSync("git", ["rev-parse", "--short=7", "HEAD~1"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    // The record the rule names first, then the one it clashes with; the space run folded to one.
    expect(step.stdout.split("\n").filter((l) => l.startsWith("::"))).toEqual([
      `::error title=name-unique,file=records/teams/name-taken-second.yaml,line=1,col=7::name must differ from every other team's (found "gamma TEAM!"; records/teams/name-taken-first.yaml has "Gamma Team"). Last brought to the branch by pull request #13 (commit ${head.slice(0, 7)}). Fix: Choose a name of your own (such as "gamma TEAM! name-taken-second"); if records/teams/name-taken-first.yaml is yours, edit that file instead of adding another. ${advice}`,
      `::error title=name-unique,file=records/teams/name-taken-first.yaml,line=1,col=7::Clashes with records/teams/name-taken-second.yaml:1:7: name must differ from every other team's (found "gamma TEAM!"; records/teams/name-taken-first.yaml has "Gamma Team"). Last brought to the branch by pull request #12 (commit ${short}). Fix: Choose a name of your own (such as "gamma TEAM! name-taken-second"); if records/teams/name-taken-first.yaml is yours, edit that file instead of adding another. ${advice}`,
    ]);

    const text = await readFile(summary, "utf8");
    const line = (file: string) =>
      `[records/teams/${file.replace(/-/g, "\\-")}\\.yaml\\:1\\:7](<https://github.com/org/sprint/blob/${head}/records/teams/${file}.yaml#L1>)`;
    expect(text).toContain(
      "- Open a pull request that renames one of the two teams; the site stays as it was until a build passes.",
    );
    expect(text).toContain(`#### ❌ ${line("name-taken-second")} \`name-unique\``);
    expect(text).toContain("- expected: a name no other team has\n");
    expect(text).toContain(
      '- found: "gamma  TEAM\\!", as records/teams/name\\-taken\\-first\\.yaml has "Gamma Team"\n',
    );
    expect(text).toContain("- fix: Choose a name of your own");
    expect(text).toContain(
      `  - ${line("name-taken-second")}: last brought to the branch by pull request [\\#13](<https://github.com/org/sprint/pull/13>)`,
    );
    expect(text).toContain(
      `  - ${line("name-taken-first")}: last brought to the branch by pull request [\\#12](<https://github.com/org/sprint/pull/12>)`,
    );
  });

  it("without a step summary (run by hand) prints the summary, and says when the records are not what failed", async () => {
    const step = await runCli("publish-problems", ["--root", await fixtureRoot()], {
      GITHUB_STEP_SUMMARY: "",
    });
    expect(step.code).toBe(0);
    expect(step.stdout).toContain("## ❌ Publish stopped before deploying");
    expect(step.stdout).toContain("The records are valid, so the build failed for another reason");
    expect(step.stdout).not.toContain("::error");
  });
});

describe("publishProblems", () => {
  it("names the record a former slug belongs to, at its first line when it has no such field", async () => {
    const { root } = await rootWithRecord(join(FIXTURES, "invalid"), "teams/team-former-slug-taken.yaml");
    const checked = await check({ root });
    const [problem, ...more] = publishProblems(checked.diagnostics, checked.loaded);
    expect(more).toEqual([]);
    expect(problem!.records).toEqual([
      { file: "records/teams/team-former-slug-taken.yaml", line: 8, column: 5 },
      { file: "records/teams/beta-team.yaml", line: 1, column: 1 },
    ]);
    expect(problem!.advice).toBe(
      "open a pull request that removes the former slug from one of the two teams; the site stays as it was until a build passes",
    );
  });

  it("gives a problem of one record that record alone, with the validator's fix as the step", async () => {
    const root = await fixtureRoot();
    await writeFile(join(root, "records/teams/alpha-team.yaml"), "name: [\n");
    const checked = await check({ root });
    const problems = publishProblems(checked.diagnostics, checked.loaded);
    expect(problems.map((p) => [p.records.map((r) => r.file), p.advice])).toEqual([
      [
        ["records/teams/alpha-team.yaml"],
        "open a pull request that fixes this record as the fix says; the site stays as it was until a build passes",
      ],
    ]);
  });
});
