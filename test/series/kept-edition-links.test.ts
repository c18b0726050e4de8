import { mkdir, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_DIR } from "../../generator/cache/record-cache.ts";
import { EditionOutputs } from "../../generator/edition-outputs.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** The time keep() gives every kept file, so that a file written since shows (edition-outputs.ts). */
const STAMP = 1_700_000_000_000;

/** Writes `files` under `folder` with the kept time. */
async function keptFiles(folder: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await writeFile(join(folder, path), text);
    await utimes(join(folder, path), STAMP / 1000, STAMP / 1000);
  }
}

/**
 * A kept edition whose folder holds anything but regular files (a corrupt or poisoned cache) is
 * rendered again: a kept symbolic link would go into the site as a hard link to the link itself
 * (link-or-copy.ts), and upload-pages-artifact's --dereference would publish what it points at.
 */
describe("an archived edition's kept files that are not plain files", () => {
  it("are not used: a symbolic link of the kept size, pointing out of the cache", async () => {
    const root = await tempDir();
    const outside = join(await tempDir(), "secret.txt");
    await writeFile(outside, "not the site's");
    const key = "a".repeat(64);
    const folder = join(root, CACHE_DIR, "editions/2026", key);
    await mkdir(join(folder, "site/teams"), { recursive: true });
    await keptFiles(folder, { "site/index.html": "<p>ok</p>" });
    await symlink(outside, join(folder, "site/teams/x.html"));
    const facts = { summary: {}, paths: [], assets: [], diagnostics: [], records: 1 };
    const keptList = { paths: ["index.html", "teams/x.html"], sizes: [9, 14], mtimeMs: STAMP, facts };
    await writeFile(join(folder, "kept.json"), JSON.stringify(keptList));
    const outputs = EditionOutputs.open(root, "salt");
    expect(outputs.kept("2026", key)).toBeUndefined();
    // The same list with the link replaced by a file is used.
    const plain = { ...keptList, paths: ["index.html"], sizes: [9] };
    await writeFile(join(folder, "kept.json"), JSON.stringify(plain));
    expect(outputs.kept("2026", key)?.files.map((f) => f.path)).toEqual(["2026/index.html"]);
  });

  it("are not used when kept.json names a path the writer refuses (an empty or `.` segment, a backslash)", async () => {
    // Taken, such a path failed the whole build when written (site-files.ts's checkPath): a corrupt
    // cache must cost a render, not the publish.
    const root = await tempDir();
    const key = "b".repeat(64);
    const folder = join(root, CACHE_DIR, "editions/2026", key);
    await mkdir(join(folder, "site/teams"), { recursive: true });
    await keptFiles(folder, { "site/teams/x.html": "<p>ok</p>" });
    const facts = { summary: {}, paths: [], assets: [], diagnostics: [], records: 1 };
    const outputs = EditionOutputs.open(root, "salt");
    for (const path of ["teams//x.html", "teams/./x.html", "./teams/x.html", "teams\\x.html"]) {
      await writeFile(
        join(folder, "kept.json"),
        JSON.stringify({ paths: [path], sizes: [9], mtimeMs: STAMP, facts }),
      );
      expect(outputs.kept("2026", key), path).toBeUndefined();
    }
    // Nor the edition's public files, copied from editions/2026/site/public/ by these paths.
    const list = (assets: string[]) => ({
      paths: ["teams/x.html"],
      sizes: [9],
      mtimeMs: STAMP,
      facts: { ...facts, assets },
    });
    await writeFile(join(folder, "kept.json"), JSON.stringify(list(["images//a.png"])));
    expect(outputs.kept("2026", key)).toBeUndefined();
    await writeFile(join(folder, "kept.json"), JSON.stringify(list(["images/a.png"])));
    expect(outputs.kept("2026", key)?.files.map((f) => f.path)).toEqual(["2026/teams/x.html"]);
  });
});
