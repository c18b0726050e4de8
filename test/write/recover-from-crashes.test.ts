import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JOURNAL, SET_ASIDE } from "../../generator/write/site-files.ts";
import { recoverFromCrashes } from "../../generator/write/recover-from-crashes.ts";
import { writeSite } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

const IMPORTANT = "not the site's: keep me\n";

/**
 * A site in dist/, a file of someone else's in elsewhere/ beside it, and the staging folder a dead
 * build left beside the site (its journal not yet written).
 */
async function deadBuildBeside() {
  const dir = await tempDir();
  const out = join(dir, "dist");
  await writeSite(out, [
    { path: "index.html", body: "home" },
    { path: "teams/a.html", body: "team a" },
  ]);
  const elsewhere = join(dir, "elsewhere");
  await mkdir(elsewhere);
  await writeFile(join(elsewhere, "important.txt"), IMPORTANT);
  const staging = join(dir, ".dist.staging-123-abc");
  await mkdir(staging);
  const left = async () => ({
    site: await readTree(out).catch(() => undefined),
    important: await readFile(join(elsewhere, "important.txt"), "utf8").catch(() => undefined),
    beside: (await readdir(dir)).sort(),
  });
  return { dir, out, elsewhere, staging, journal: join(staging, JOURNAL), before: await left(), left };
}

describe("recoverFromCrashes", () => {
  it.each([
    ["a path out of the folder", ["../elsewhere/important.txt"]],
    ["a path that climbs out half-way", ["teams/../../elsewhere/important.txt"]],
    ["an absolute path", ["/etc/hostname"]],
    ["a NUL", ["index.html\0"]],
    ["an empty path", [""]],
    ["a backslash", ["..\\elsewhere\\important.txt"]],
    ["a number", [1]],
    ["an object, not a list", { length: 1, 0: "../elsewhere/important.txt" }],
  ])(
    "refuses a journal naming %s: it deletes and moves nothing, and says which journal",
    async (_, paths) => {
      const dead = await deadBuildBeside();
      await writeFile(dead.journal, JSON.stringify(paths));
      await expect(recoverFromCrashes(dead.out)).rejects.toMatchObject({
        code: "ERECOVER",
        message: expect.stringMatching(
          new RegExp(
            `^${escape(dead.journal)} .*Look at ${escape(dead.out)}.*remove ${escape(dead.staging)}`,
          ),
        ),
      });
      expect(await dead.left()).toEqual(dead.before);
      expect(existsSync(dead.journal)).toBe(true);
    },
  );

  it("refuses a set-aside folder that is a link: it moves no file from where it points", async () => {
    const dead = await deadBuildBeside();
    await writeFile(dead.journal, "[]");
    await symlink(dead.elsewhere, join(dead.staging, SET_ASIDE));
    await expect(recoverFromCrashes(dead.out)).rejects.toMatchObject({ code: "ERECOVER" });
    expect(await dead.left()).toEqual(dead.before);
  });

  it("refuses to undo through a link in the site: a file beyond it is not deleted", async () => {
    const dead = await deadBuildBeside();
    await writeFile(dead.journal, JSON.stringify(["teams/important.txt"]));
    await rm(join(dead.out, "teams"), { recursive: true });
    await symlink(dead.elsewhere, join(dead.out, "teams"));
    const before = await dead.left();
    await expect(recoverFromCrashes(dead.out)).rejects.toMatchObject({ code: "ERECOVER" });
    expect(await dead.left()).toEqual(before);
  });

  it.each(["staging", "old"])(
    "refuses a .dist.%s- name that is a link, not a build's folder, and follows it nowhere",
    async (kind) => {
      const dead = await deadBuildBeside();
      await rm(dead.staging, { recursive: true });
      // What the link points at looks like a dead build's folder, journal and set-aside file included.
      await writeFile(join(dead.elsewhere, JOURNAL), "[]");
      await mkdir(join(dead.elsewhere, SET_ASIDE));
      await writeFile(join(dead.elsewhere, SET_ASIDE, "index.html"), IMPORTANT);
      await rm(dead.out, { recursive: true });
      const link = join(dead.dir, `.dist.${kind}-123-abc`);
      await symlink(dead.elsewhere, link);
      const before = await dead.left();
      await expect(recoverFromCrashes(dead.out)).rejects.toMatchObject({
        code: "ERECOVER",
        message: expect.stringContaining(`${link} is a symbolic link`),
      });
      expect(await dead.left()).toEqual(before);
      expect(await readFile(join(dead.elsewhere, SET_ASIDE, "index.html"), "utf8")).toBe(IMPORTANT);
    },
  );

  it("still undoes a good journal: a file put where none stood goes, one set aside comes back", async () => {
    const dead = await deadBuildBeside();
    await writeFile(join(dead.out, "teams/new.html"), "new");
    await writeFile(join(dead.out, "index.html"), "new home");
    await mkdir(join(dead.staging, SET_ASIDE));
    await writeFile(join(dead.staging, SET_ASIDE, "index.html"), "home");
    await writeFile(dead.journal, JSON.stringify(["teams/new.html", "index.html"]));
    await recoverFromCrashes(dead.out);
    expect(await dead.left()).toEqual({ ...dead.before, beside: ["dist", "elsewhere"] });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
