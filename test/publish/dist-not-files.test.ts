import { link, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { notFilesIn } from "../../generator/publish/check-pages-artifact.ts";
import { tempDir } from "../helpers/fixture-root.ts";

describe("the output folder's entries that are neither files nor folders", () => {
  it("are named: a symbolic link (the Pages package would store what it points at), not a second link", async () => {
    const dist = join(await tempDir(), "dist");
    await mkdir(join(dist, "2026/teams"), { recursive: true });
    await writeFile(join(dist, "index.html"), "<p>ok</p>");
    // A kept file's second link is a file like any other; the package stores it as one.
    await link(join(dist, "index.html"), join(dist, "2026/index.html"));
    await symlink("/etc/hostname", join(dist, "2026/teams/x.html"));
    expect(await notFilesIn(dist)).toEqual(["2026/teams/x.html"]);
    expect(await notFilesIn(`${dist}/`)).toEqual(["2026/teams/x.html"]);
  });
});
