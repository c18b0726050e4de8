import { execFileSync } from "node:child_process";
import { readFile, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GitFailed } from "../../generator/load/git-answer.ts";
import { startGitInputs } from "../../generator/load/git-inputs.ts";
import { RECORD_DATES_RULE, recordDates, recordDatesError } from "../../generator/load/record-dates.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";

const ALPHA = "records/teams/alpha-team.yaml";
const BETA = "records/teams/beta-team.yaml";
const records = [{ file: ALPHA }, { file: BETA }];

/** A fixture root in git: everything committed at `first`, then beta edited and committed at `second`. */
async function history(first: string, second: string): Promise<string> {
  const root = await fixtureRoot();
  const git = (at: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      cwd: root,
      env: { ...process.env, GIT_COMMITTER_DATE: at, GIT_AUTHOR_DATE: at },
    });
  git(first, "init", "-q");
  git(first, "add", ".");
  git(first, "commit", "-qm", "records");
  await writeFile(join(root, BETA), `${await readFile(join(root, BETA), "utf8")}# edited\n`);
  git(second, "commit", "-qam", "beta");
  return root;
}

const dates = async (root: string, env: NodeJS.ProcessEnv = {}) =>
  Object.fromEntries(
    [...(await recordDates(root, env, startGitInputs(root), records))].map(([f, d]) => [f, d.toISOString()]),
  );

describe("when each record last changed", () => {
  it("is the last commit that touched its file", async () => {
    const root = await history("2025-01-02T03:04:05Z", "2025-03-04T05:06:07Z");
    expect(await dates(root)).toEqual({
      [ALPHA]: "2025-01-02T03:04:05.000Z",
      [BETA]: "2025-03-04T05:06:07.000Z",
    });
  });

  it("is a changed file's modification time, and never later than SOURCE_DATE_EPOCH", async () => {
    const root = await history("2025-01-02T03:04:05Z", "2025-03-04T05:06:07Z");
    await writeFile(join(root, ALPHA), "name: Alpha\n");
    await utimes(
      join(root, ALPHA),
      new Date("2025-05-01T00:00:00.900Z"),
      new Date("2025-05-01T00:00:00.900Z"),
    );
    expect(await dates(root)).toEqual({
      [ALPHA]: "2025-05-01T00:00:00.000Z",
      [BETA]: "2025-03-04T05:06:07.000Z",
    });
    // 2025-02-01T00:00:00Z clamps both the commit time and the file time.
    expect(await dates(root, { SOURCE_DATE_EPOCH: "1738368000" })).toEqual({
      [ALPHA]: "2025-02-01T00:00:00.000Z",
      [BETA]: "2025-02-01T00:00:00.000Z",
    });
  });

  it("outside git, is the modification time, or SOURCE_DATE_EPOCH when it is set", async () => {
    const root = await fixtureRoot();
    for (const [file, at] of [
      [ALPHA, "2024-01-01T00:00:00Z"],
      [BETA, "2024-06-01T12:00:00Z"],
    ] as const)
      await utimes(join(root, file), new Date(at), new Date(at));
    expect(await dates(root)).toEqual({
      [ALPHA]: "2024-01-01T00:00:00.000Z",
      [BETA]: "2024-06-01T12:00:00.000Z",
    });
    expect(await dates(root, { SOURCE_DATE_EPOCH: "1700000000" })).toEqual({
      [ALPHA]: "2023-11-14T22:13:20.000Z",
      [BETA]: "2023-11-14T22:13:20.000Z",
    });
  });

  // A git that is here and fails is not "no git" (fail closed, as the judging seed's history).
  it("is the build's error when git is here and fails, not the files' times", async () => {
    const root = await history("2025-01-02T03:04:05Z", "2025-03-04T05:06:07Z");
    const tree = execFileSync("git", ["rev-parse", "HEAD~1^{tree}"], { cwd: root, encoding: "utf8" }).trim();
    await rm(join(root, ".git/objects", tree.slice(0, 2), tree.slice(2)));
    await expect(dates(root)).rejects.toThrow(GitFailed);
    const derived = await deriveSite({ root, baseUrl: "https://example.org/", env: {} });
    expect(derived.ok).toBe(false);
    expect(derived.diagnostics.filter((d) => d.rule === RECORD_DATES_RULE)).toEqual([
      expect.objectContaining({
        file: "records",
        severity: "error",
        found: expect.stringMatching(/^git log failed: fatal: .*tree/),
        fix: expect.stringContaining("fetch-depth: 0"),
      }),
    ]);
  });

  it("says how to mark a repository safe when git refuses one another user owns", () => {
    const refused = new GitFailed("status", "fatal: detected dubious ownership in repository at '/w'");
    expect(recordDatesError(refused).fix).toContain("safe.directory");
    expect(recordDatesError(new GitFailed("log", "fatal: bad object")).fix).toContain("git fsck");
  });

  it("in a shallow clone, is what its history holds, as before: no error", async () => {
    const source = await history("2025-01-02T03:04:05Z", "2025-03-04T05:06:07Z");
    const root = join(await tempDir(), "shallow");
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${source}`, root]);
    // The one commit it holds added every file: each is dated by it.
    expect(await dates(root)).toEqual({
      [ALPHA]: "2025-03-04T05:06:07.000Z",
      [BETA]: "2025-03-04T05:06:07.000Z",
    });
  });
});
