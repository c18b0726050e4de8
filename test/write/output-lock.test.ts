import { spawnSync } from "node:child_process";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { lockOutput } from "../../generator/write/output-lock.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** A process id that was in use a moment ago and is not any more. */
const goneProcess = () => spawnSync(process.execPath, ["-e", ""]).pid!;

describe("lockOutput", () => {
  it("lets one build at a time write a folder: the next waits until the lock is given back", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    const release = await lockOutput(out);
    expect(await readdir(dir)).toEqual([".dist.lock"]);
    let second: (() => void) | undefined;
    const waiting = lockOutput(out).then((next) => (second = next));
    await sleep(300);
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
});
