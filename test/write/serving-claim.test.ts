import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claimServing, refuseServed, servingFile } from "../../generator/write/serving-claim.ts";
import { writeSite } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** A process id that was in use a moment ago and is not any more. */
const goneProcess = () => spawnSync(process.execPath, ["-e", ""]).pid!;

/** A folder whose claim names `holder`, as a server in another process leaves it. */
async function claimed(holder: number, command = "npm start") {
  const dir = await tempDir();
  const out = join(dir, "dist");
  await writeFile(join(dir, ".dist.serving"), `${holder}\n${command}\n`);
  return { dir, out };
}

describe("a served folder's claim", () => {
  it("refuses at once a build into a folder another running command serves, naming it and the way out", async () => {
    // The test runner's parent: a process that runs for as long as the test does.
    const { out } = await claimed(process.ppid);
    const started = Date.now();
    await expect(writeSite(out, [{ path: "index.html", body: "x" }])).rejects.toMatchObject({
      code: "ESERVED",
      message: `${out} is served by npm start (process ${process.ppid}); writing it now would change the site under that server. Stop npm start first, or write elsewhere with --out DIR (npm run dev keeps a folder of its own). If no such process runs, remove ${servingFile(out)}.`,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await readdir(join(out, "..")).then((names) => names.includes("dist"))).toBe(false);
  });

  it("refuses a second server the same way", async () => {
    const { out } = await claimed(process.ppid, "npm run dev");
    expect(() => claimServing(out, "npm start")).toThrow(
      expect.objectContaining({ code: "ESERVED", message: expect.stringContaining("served by npm run dev") }),
    );
  });

  it("shows a claim's command as one short line, whatever the file says", async () => {
    const { out } = await claimed(process.ppid, `\u001b[31mnpm\u202e start ${"x".repeat(80)}`);
    expect(() => refuseServed(out)).toThrow(/served by \\u001b\[31mnpm\\u202e start x{24} \(process/);
  });

  it("takes over the claim of a server that is gone, and lets its own process write", async () => {
    const { dir, out } = await claimed(goneProcess());
    refuseServed(out);
    claimServing(out, "npm run dev");
    expect(await readFile(join(dir, ".dist.serving"), "utf8")).toBe(`${process.pid}\nnpm run dev\n`);
    await writeSite(out, [{ path: "index.html", body: "x" }]);
    expect(await readFile(join(out, "index.html"), "utf8")).toBe("x");
  });

  it("refuses a claim that is not a plain file, as a lock is", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, ".dist.serving"));
    expect(() => refuseServed(join(dir, "dist"))).toThrow(expect.objectContaining({ code: "EBADLOCK" }));
  });
});
