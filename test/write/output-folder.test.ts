import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_MARKER, previousBuild } from "../../generator/write/output-folder.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** A build's folder `real/dist` (a file at the top, one two folders down) and a link `linked` to `real`. */
async function builtFolder() {
  const dir = await tempDir();
  const out = join(dir, "real", "dist");
  await mkdir(join(out, "teams", "page"), { recursive: true });
  await writeFile(join(out, BUILD_MARKER), "");
  await writeFile(join(out, "index.html"), "home");
  await writeFile(join(out, "teams", "page", "2.html"), "page 2");
  await symlink(join(dir, "real"), join(dir, "linked"));
  return dir;
}

describe("previousBuild", () => {
  // Its paths are cut from the folder's, so the folder must be written the way readdir writes it:
  // each of these named the top files `/index.html` or the deep one `2.html` (then removed or missed).
  it.each([
    ["as resolved", (dir: string) => join(dir, "real", "dist")],
    ["with a trailing slash", (dir: string) => `${join(dir, "real", "dist")}${sep}`],
    ["through `..`", (dir: string) => `${dir}${sep}real${sep}..${sep}real${sep}dist`],
    ["through `.` and a doubled slash", (dir: string) => `${dir}${sep}.${sep}real${sep}${sep}dist`],
    ["under a linked parent, with a trailing slash", (dir: string) => `${join(dir, "linked", "dist")}${sep}`],
  ])("lists the folder's files by their paths in it, given %s", async (_, given) => {
    const dir = await builtFolder();
    expect((await previousBuild(given(dir)))?.sort()).toEqual([
      BUILD_MARKER,
      "index.html",
      "teams/page/2.html",
    ]);
  });
});
