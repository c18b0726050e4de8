import { spawnSync } from "node:child_process";
import { lstat, mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockOutput } from "../../generator/write/output-lock.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { lockTries } from "../helpers/lock-tries.ts";

/** A process id that was in use a moment ago and is not any more. */
const goneProcess = () => spawnSync(process.execPath, ["-e", ""]).pid!;

describe("lockOutput", () => {
  it("lets one build at a time write a folder: the next waits until the lock is given back", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    const release = await lockOutput(out);
    expect(await readdir(dir)).toEqual([".dist.lock"]);
    let second: (() => void) | undefined;
    const tried = lockTries(dir, 2);
    const waiting = lockOutput(out).then((next) => (second = next));
    // Found held twice, it waits: no clock decides when to look.
    await tried;
    expect(second).toBeUndefined();
    release();
    await waiting;
    expect(second).toBeTypeOf("function");
    second!();
    expect(await readdir(dir)).toEqual([]);
  });

  it("gives up after its wait, naming the process that holds the folder", async () => {
    const out = join(await tempDir(), "dist");
    const release = await lockOutput(out);
    await expect(lockOutput(out, 200)).rejects.toMatchObject({
      code: "ELOCKED",
      message: expect.stringContaining(`another build (process ${process.pid})`),
    });
    release();
    (await lockOutput(out, 200))();
  });

  it.each([
    ["a build that is gone", () => String(goneProcess())],
    ["no process at all", () => "not a process"],
    ["this process, which does not hold it (a dead build's id given again)", () => String(process.pid)],
  ])("takes over a lock naming %s, and leaves nothing beside the folder", async (_, holder) => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    await writeFile(join(dir, ".dist.lock"), holder());
    const release = await lockOutput(out, 200);
    expect(await readdir(dir)).toEqual([".dist.lock"]);
    release();
    expect(await readdir(dir)).toEqual([]);
  });

  // A link to nothing and a named pipe hung a build for good (never waited on, no deadline): those
  // are tested with real builds, under a time limit, in test/cli/build-faults.test.ts.
  it.each([
    ["a folder", "a folder", (lock: string) => mkdir(lock)],
    [
      "a link to a lock file naming a running process",
      "a symbolic link",
      async (lock: string) => {
        await writeFile(`${lock}-real`, String(process.ppid));
        await symlink(`${lock}-real`, lock);
      },
    ],
  ])(
    "refuses at once a lock that is %s, which no build makes, and leaves it there",
    async (_, what, make) => {
      const dir = await tempDir();
      const lock = join(dir, ".dist.lock");
      await make(lock);
      const before = await readdir(dir);
      const started = Date.now();
      await expect(lockOutput(join(dir, "dist"), 5_000)).rejects.toMatchObject({
        code: "EBADLOCK",
        message: expect.stringContaining(`${lock} is ${what}, where a build keeps its lock`),
      });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await readdir(dir)).toEqual(before);
      expect((await lstat(lock)).isFile()).toBe(false);
    },
  );
});
