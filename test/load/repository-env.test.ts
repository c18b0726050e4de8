import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { gitOutput } from "../../generator/cache/git-output.ts";
import { blobsAt } from "../../generator/load/blobs-at.ts";
import { gitAnswer } from "../../generator/load/git-answer.ts";
import { git } from "../../generator/load/git-inputs.ts";
import { repositoryEnv } from "../../generator/load/repository-env.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/**
 * A build run from a git hook inherits GIT_DIR (and GIT_INDEX_FILE, GIT_WORK_TREE…) naming the
 * hook's repository: every reader that asks git about the build's root asks about the root.
 */
const run = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
    cwd,
    env: { PATH: process.env.PATH!, HOME: cwd },
    encoding: "utf8",
  }).trim();

/** A repository with one commit of `event.yaml` holding `text`: its commit and the file's blob. */
async function repository(text: string) {
  const root = join(await tempDir(), "repo");
  mkdirSync(root);
  writeFileSync(join(root, "event.yaml"), text);
  run(root, "init", "-q");
  run(root, "add", "-A");
  run(root, "commit", "-qm", text);
  return { root, head: run(root, "rev-parse", "HEAD"), blob: run(root, "rev-parse", "HEAD:event.yaml") };
}

let build: Awaited<ReturnType<typeof repository>>;
let hook: Awaited<ReturnType<typeof repository>>;
const saved = { ...process.env };

beforeAll(async () => {
  [build, hook] = await Promise.all([repository("name: Build\n"), repository("name: Hook\n")]);
});

afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

/** The variables a hook of `hook`'s repository runs with (githooks(5)). */
function inHook(): void {
  process.env.GIT_DIR = join(hook.root, ".git");
  process.env.GIT_INDEX_FILE = join(hook.root, ".git/index");
  process.env.GIT_WORK_TREE = hook.root;
}

describe("git asked about the build's root from a hook", () => {
  it("answers about the root: gitAnswer, git-inputs' git, blobsAt and gitOutput", async () => {
    inHook();
    expect((await gitAnswer(build.root, ["rev-parse", "HEAD"]))?.trim()).toBe(build.head);
    expect((await git(build.root, ["rev-parse", "HEAD"]))?.trim()).toBe(build.head);
    expect((await gitOutput(build.root, ["rev-parse", "HEAD"]))?.trim()).toBe(build.head);
    // The hook's repository holds no such object: read there, the version would be a GitFailed.
    expect(await blobsAt(build.root, [build.blob])).toEqual(["name: Build\n"]);
  });

  it("passes on everything else, and what the caller adds", () => {
    inHook();
    process.env.LANG = "fr_FR.UTF-8";
    const env = repositoryEnv({ LC_ALL: "C" });
    expect(Object.keys(env).filter((name) => name.startsWith("GIT_"))).toEqual([]);
    expect(env).toMatchObject({ PATH: process.env.PATH, LANG: "fr_FR.UTF-8", LC_ALL: "C" });
    expect(process.env.GIT_DIR).toBe(join(hook.root, ".git"));
  });
});
