import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitAnswer } from "../../generator/load/git-answer.ts";
import { mayHoldRepository } from "../../generator/load/repository-above.ts";
import { repositoryEnv } from "../../generator/load/repository-env.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** What git itself finds from `cwd`, asked as the build asks it (none of the caller's GIT_*). */
const gitFinds = (cwd: string): boolean =>
  spawnSync("git", ["rev-parse", "--git-dir"], { cwd, env: repositoryEnv({ LC_ALL: "C" }) }).status === 0;

async function folder(): Promise<string> {
  const dir = join(await tempDir(), "root", "records");
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe("mayHoldRepository: says none only where git finds none", () => {
  it("a folder outside any repository: none, as git says", async () => {
    const dir = await folder();
    // The suite's temporary folder is outside any repository (tmpfs or the system's).
    expect(gitFinds(dir)).toBe(false);
    expect(mayHoldRepository(dir)).toBe(false);
  });

  it("a repository's folder, and any folder below it", async () => {
    const dir = await folder();
    const top = join(dir, "..");
    execFileSync("git", ["init", "-q"], { cwd: top, env: repositoryEnv() });
    for (const at of [top, dir]) {
      expect(gitFinds(at)).toBe(true);
      expect(mayHoldRepository(at)).toBe(true);
    }
  });

  it("a .git file (a worktree's or a submodule's), a .git link that leads nowhere, a folder holding HEAD", async () => {
    const [file, link, bare] = await Promise.all([folder(), folder(), folder()]);
    writeFileSync(join(file, "..", ".git"), "gitdir: /nowhere\n");
    symlinkSync("/nowhere", join(link, ".git"));
    writeFileSync(join(bare, "HEAD"), "ref: refs/heads/main\n");
    for (const dir of [file, link, bare]) expect(mayHoldRepository(dir)).toBe(true);
  });
});

describe("gitAnswer starts no git where there is no repository", () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it("answers undefined at once outside a repository, and asks git inside one", async () => {
    // A git first on the PATH that leaves a mark when started, and fails as git does outside one.
    const bin = await tempDir();
    const mark = join(bin, "started");
    writeFileSync(
      join(bin, "git"),
      `#!/bin/sh\ntouch '${mark}'\necho 'fatal: not a git repository' >&2\nexit 128\n`,
    );
    chmodSync(join(bin, "git"), 0o755);
    process.env.PATH = `${bin}:${path}`;
    const outside = await folder();
    expect(await gitAnswer(outside, ["status"])).toBeUndefined();
    expect(existsSync(mark)).toBe(false);
    const inside = await folder();
    mkdirSync(join(inside, ".git"));
    expect(await gitAnswer(inside, ["status"])).toBeUndefined();
    expect(existsSync(mark)).toBe(true);
  });
});
