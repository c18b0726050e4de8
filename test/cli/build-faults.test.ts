import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { buildAndReport } from "../../generator/cli/report.ts";
import { build } from "../../generator/pipeline.ts";
import { documents } from "../../generator/render/registry.ts";
import { recoverFromCrashes } from "../../generator/write/recover-from-crashes.ts";
import { JOURNAL } from "../../generator/write/site-files.ts";
import { buildSite } from "../helpers/build-site.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { readTree, treeDigest } from "../helpers/read-tree.ts";
import { runCli, runProcess } from "../helpers/run-cli.ts";
import { serveCommand } from "../helpers/serve-command.ts";
import { until } from "../helpers/until.ts";
import { lockTries } from "../helpers/lock-tries.ts";

/**
 * A build that fails at any point leaves the previous site byte for byte as it was, leaves nothing
 * beside it, and says why. Disk faults are real errors thrown by node:fs in a real build process
 * (test/helpers/faults/failing-disk.mjs); the crash is a SIGKILL in the middle of writing.
 */
const BASE = "https://example.org/";

async function previousSite(): Promise<{ root: string; out: string; before: Map<string, Buffer> }> {
  const root = await fixtureRoot();
  const out = join(await tempDir(), "dist");
  await buildSite(root, BASE, out);
  // The next build has something new to say, so an unchanged site is not an accident.
  await writeFile(
    join(root, "records/teams/gamma-team.yaml"),
    "name: Gamma\nlookingForMembers: false\nmembers:\n  - name: Gil\n",
  );
  return { root, out, before: await readTree(out) };
}

/** A real build of `root` into `out` with a fault preloaded (test/helpers/faults/`fault`.mjs), told by `env`. */
function buildWith(fault: string, root: string, out: string, env: NodeJS.ProcessEnv) {
  return runProcess(
    [
      "--import",
      `./test/helpers/faults/${fault}.mjs`,
      "compiled/cli/build.mjs",
      "--root",
      root,
      "--out",
      out,
    ],
    { PATH: process.env.PATH, BASE_URL: BASE, SOURCE_DATE_EPOCH: "0", ...env },
  );
}

/**
 * A real build that stands still before its rename number `renames` into the folder beside `out`
 * (test/helpers/faults/paused-while-renaming.mjs); resolves once it stands, and `go()` lets it finish.
 */
async function pausedBuild(root: string, out: string, renames: number) {
  const signals = await tempDir();
  const [paused, go] = [join(signals, "paused"), join(signals, "go")];
  const run = buildWith("paused-while-renaming", root, out, {
    PAUSE_UNDER: join(out, ".."),
    PAUSE_AFTER_RENAMES: String(renames),
    PAUSED_FILE: paused,
    GO_FILE: go,
  });
  await until(() => existsSync(paused) || undefined);
  return { go: () => writeFile(go, "").then(() => run) };
}

describe("build faults", () => {
  it.each([
    ["ENOSPC", 0, "no space left on device"],
    ["ENOSPC", 7, "no space left on device"],
    ["EROFS", 0, "read-only file system"],
    ["EROFS", 3, "read-only file system"],
  ])(
    "a %s disk after %i writes: exit 1, the reason, and the previous site untouched",
    async (code, after, why) => {
      const { root, out, before } = await previousSite();
      const run = await buildWith("failing-disk", root, out, {
        FAULT_CODE: code,
        FAULT_AFTER_WRITES: String(after),
      });
      expect(run.code).toBe(1);
      // The failing call names a path beside the site (its lock, or its staging folder), never in it.
      expect(run.stderr).toMatch(
        new RegExp(
          `^build failed: ${code}: ${why}, (mkdir|open) '${join(out, "..")}/\\.dist\\.(staging|lock)-[^']*'$`,
          "m",
        ),
      );
      expect(run.stderr).toContain(`${out} was left as it was`);
      expect(await readTree(out)).toEqual(before);
      expect(await readdir(join(out, ".."))).toEqual(["dist"]);
    },
  );

  it("a renderer that throws mid-site: the build says where, and the previous site is untouched", async () => {
    const { root, out, before } = await previousSite();
    const projectsJson = documents.find((kind) => kind.path === "api/projects.json")!;
    const spy = vi.spyOn(projectsJson, "render").mockImplementation(function* () {
      yield { path: "api/projects.json", body: "{" };
      throw new TypeError("renderer exploded");
    });
    const errors: string[] = [];
    const output = { out: () => {}, err: (text: string) => void errors.push(text) };
    try {
      expect(
        await buildAndReport({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } }, "", {
          output,
        }),
      ).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
    expect(errors[0]).toMatch(/^build failed: TypeError: renderer exploded\n\s+at /);
    expect(errors[1]).toBe(`${out} was left as it was\n`);
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
  });

  it.each([2, 5])(
    "a build killed while putting its files in place (after %i renames): the next undoes it, then builds",
    async (renames) => {
      const { root, out, before } = await previousSite();
      const killed = await buildWith("killed-while-renaming", root, out, {
        KILL_AFTER_RENAMES: String(renames),
      });
      expect(killed.code).toBeNull();
      // Killed half-way: some files are new, one is set aside, and the staging folder is left.
      expect(await readTree(out)).not.toEqual(before);
      const staging = (await readdir(join(out, ".."))).find((name) => name.startsWith(".dist.staging-"));
      expect(staging).toBeDefined();
      // Its process id given again, here to this running process: still a dead build's folder.
      await rename(join(out, "..", staging!), join(out, "..", `.dist.staging-${process.pid}-reused`));
      await recoverFromCrashes(out);
      expect(await readTree(out)).toEqual(before);
      // The dead build's lock is left for the next build, which takes it over. The killed update's
      // page manifest is gone: it went before the first rename, so none describes a folder half moved.
      expect(await readdir(join(out, ".."))).toEqual([".dist.lock", "dist"]);
      // And the next build finishes the update, and writes the manifest of what it put in place.
      const again = await build({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
      expect((await readdir(join(out, ".."))).sort()).toEqual([".dist.manifest.json", "dist"]);
      const fresh = join(await tempDir(), "dist");
      await build({ root, outDir: fresh, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
      expect(again.ok && (await treeDigest(out))).toEqual(await treeDigest(fresh));
    },
  );

  it("a dead build's journal naming a file outside the site: the next build refuses, says why, deletes nothing", async () => {
    const { root, out, before } = await previousSite();
    const parent = join(out, "..");
    await writeFile(join(parent, "important.txt"), "keep\n");
    const staging = join(parent, ".dist.staging-1-dead");
    await mkdir(staging);
    await writeFile(join(staging, JOURNAL), JSON.stringify(["../important.txt"]));
    const run = await runCli("build", ["--root", root, "--out", out, "--base-url", BASE]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `build failed: ${join(staging, JOURNAL)} names "../important.txt", which is not a path inside ${out}`,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(join(parent, "important.txt"), "utf8")).toBe("keep\n");
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(join(staging))).toEqual([JOURNAL]);
  });

  it("a reader finds every file while a build puts its files in place, never a gap", async () => {
    const { root, out, before } = await previousSite();
    const paused = await pausedBuild(root, out, 1);
    // Stopped between two renames: every file of the previous site is still there to read.
    const missing = [...before.keys()].filter((path) => !existsSync(join(out, path)));
    expect(await paused.go()).toMatchObject({ code: 0 });
    expect(missing).toEqual([]);
  });

  it("two builds into one folder take turns: the second waits for the first, and the site is whole", async () => {
    const { root, out } = await previousSite();
    // A record gone too, so both builds have files to remove.
    await rm(join(root, "records/projects/beta-sim.yaml"));
    // The first stands still half-way through putting its files in place...
    const first = await pausedBuild(root, out, 3);
    // ...while a second starts: it may not finish before the first does.
    const tried = lockTries(join(out, ".."), 2);
    const second = build({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
    // Once it has found the lock held twice it is waiting; one that did not wait has finished by then.
    const early = await Promise.race([second.then(() => "finished"), tried.then(() => "waiting")]);
    const firstRun = await first.go();
    const secondRun = await second;
    const fresh = join(await tempDir(), "dist");
    await build({ root, outDir: fresh, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
    expect(await treeDigest(out)).toEqual(await treeDigest(fresh));
    // Nothing left beside but the page manifest the update wrote.
    expect((await readdir(join(out, ".."))).sort()).toEqual([".dist.manifest.json", "dist"]);
    expect(firstRun).toMatchObject({ code: 0 });
    expect(secondRun.ok).toBe(true);
    expect(early).toBe("waiting");
  }, 30_000);

  it.each([
    ["a link to nothing", "a symbolic link", (lock: string) => symlink(`${lock}-gone`, lock)],
    ["a named pipe", "a named pipe", async (lock: string) => void execFileSync("mkfifo", [lock])],
  ])(
    "a .dist.lock that is %s: the build refuses it at once, naming it, where it spun or hung for good",
    async (_, what, make) => {
      const { root, out, before } = await previousSite();
      const lock = join(out, "../.dist.lock");
      await make(lock);
      const run = await runCli("build", ["--root", root, "--out", out, "--base-url", BASE], {}, 15_000);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`build failed: ${lock} is ${what}, where a build keeps its lock`);
      expect(await readTree(out)).toEqual(before);
      expect((await readdir(join(out, ".."))).sort()).toEqual([".dist.lock", "dist"]);
      expect((await lstat(lock)).isFile()).toBe(false);
    },
  );

  it("npm run dev with a .dist.lock that is a link to nothing says so and still serves, never freezes", async () => {
    const { root, out } = await previousSite();
    const lock = join(out, "../.dist.lock");
    await symlink(`${lock}-gone`, lock);
    const served = await serveCommand("dev", root, out);
    served.child.kill();
    expect(served.output.stderr).toContain(`${lock} is a symbolic link, where a build keeps its lock`);
  });

  it("a build killed mid-write leaves the previous site; the next build clears what it left", async () => {
    const { root, out } = await previousSite();
    const before = await treeDigest(out);
    // Killed once it has written ten files into its staging folder (a real SIGKILL, at the same
    // write however fast the machine: test/helpers/faults/killed-while-writing.mjs).
    const killed = await buildWith("killed-while-writing", root, out, { KILL_AFTER_WRITES: "10" });
    expect(killed.code).toBeNull();
    const parent = join(out, "..");
    const left = await readdir(parent);
    expect(left).toContain("dist");
    const staging = left.find((name) => name.startsWith(".dist.staging-"));
    expect((await readTree(join(parent, staging!))).size).toBeGreaterThan(0);
    expect(await treeDigest(out)).toEqual(before);
    const again = await build({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
    expect(again.ok).toBe(true);
    expect((await readdir(parent)).sort()).toEqual([".dist.manifest.json", "dist"]);
    // The site updated in place is the site a build into a new folder writes.
    const fresh = join(await tempDir(), "dist");
    await build({ root, outDir: fresh, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "0" } });
    expect(await treeDigest(out)).toEqual(await treeDigest(fresh));
  });
});
