import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mayHoldRepository } from "../../generator/load/repository-above.ts";
import { repositoryEnv } from "../../generator/load/repository-env.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** What git itself finds from `cwd`, asked as the build asks it (none of the caller's GIT_*). */
const gitFinds = (cwd: string): boolean =>
  spawnSync("git", ["rev-parse", "--git-dir"], { cwd, env: repositoryEnv({ LC_ALL: "C" }) }).status === 0;

// git looks upwards from the folder it runs in as the system names it (getcwd: links resolved),
// not from the path it was given: a root reached through a link is in the repository the link leads
// into (R9 review of 68bf731).
describe("mayHoldRepository: a root reached through a symbolic link", () => {
  it("a link outside any repository to a folder inside one: git finds it, and so must we", async () => {
    const base = await tempDir();
    const site = join(base, "repo", "site");
    mkdirSync(site, { recursive: true });
    execFileSync("git", ["init", "-q"], { cwd: join(base, "repo"), env: repositoryEnv() });
    mkdirSync(join(base, "elsewhere"));
    const link = join(base, "elsewhere", "site");
    symlinkSync(site, link);
    expect(gitFinds(link)).toBe(true);
    expect(mayHoldRepository(link)).toBe(true);
    // A path through the link with `..`: the system goes up from where the link leads.
    const below = join(site, "records");
    mkdirSync(below);
    expect(gitFinds(join(link, "records"))).toBe(true);
    expect(mayHoldRepository(join(link, "records"))).toBe(true);
  });
});
