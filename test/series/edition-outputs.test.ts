import { appendFile, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_DIR, RecordCache } from "../../generator/cache/record-cache.ts";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { treeDigest } from "../helpers/read-tree.ts";
import { seriesRoot } from "../helpers/series-root.ts";

/**
 * An archived edition on Publish: its pages come from the files kept beside the record cache while
 * its model is the same, and the site is byte for byte what a build without any cache gives.
 */
const BASE = "https://series.example/";
const env = { SOURCE_DATE_EPOCH: "1800000000" };

async function buildInto(root: string, cache?: RecordCache): Promise<string> {
  const outDir = join(await tempDir(), "dist");
  const result = await build({ root, outDir, baseUrl: BASE, env, ...(cache ? { cache } : {}) });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  return outDir;
}

const keys = async (root: string) =>
  (await readdir(join(root, CACHE_DIR, "editions/2026"))).filter((n) => !n.startsWith("."));

describe("an archived edition's kept files", () => {
  it("are used while its model is the same, whatever the current edition does, and give the same bytes", async () => {
    const root = await seriesRoot();
    const cache = RecordCache.open(root, "test-salt");
    const first = await buildInto(root, cache);
    const [key] = await keys(root);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await treeDigest(await buildInto(root, cache))).toEqual(await treeDigest(first));
    // What is published is the kept file itself, not a page rendered again (its size kept: below).
    const kept = join(root, CACHE_DIR, "editions/2026", key!, "site/teams/gripper-gang.html");
    const page = await readFile(kept, "utf8");
    const { mtime } = await stat(kept);
    await rm(kept);
    await writeFile(kept, page.replace("</body>", "</BODY>"));
    // With the kept time (a file changed since shows by it: below).
    await utimes(kept, mtime, mtime);
    expect(
      await readFile(join(await buildInto(root, cache), "2026/teams/gripper-gang.html"), "utf8"),
    ).toContain("</BODY>");
    await rm(kept);
    await writeFile(kept, page);
    // A change to the current edition: the archive's key stays, and its pages are still right.
    const team = join(root, "records/teams/alpha-team.yaml");
    await writeFile(team, (await readFile(team, "utf8")).replace(/^name: .*$/m, "name: Alpha Renamed"));
    const warm = await buildInto(root, cache);
    expect(await keys(root)).toEqual([key]);
    expect(await treeDigest(warm)).toEqual(await treeDigest(await buildInto(root)));
    expect(await readFile(join(warm, "api/teams.json"), "utf8")).toContain("Alpha Renamed");
  }, 90_000);

  it("are made again when the archive changes, and only the newest are kept", async () => {
    const root = await seriesRoot();
    const cache = RecordCache.open(root, "test-salt");
    await buildInto(root, cache);
    const [before] = await keys(root);
    const file = join(root, "editions/2026/records/teams/gripper-gang.yaml");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(/^name: .*$/m, "name: Gripper Gang Archived"),
    );
    const out = await buildInto(root, cache);
    expect(await readFile(join(out, "2026/teams/gripper-gang.html"), "utf8")).toContain(
      "Gripper Gang Archived",
    );
    const after = await keys(root);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });

  it("are linked into the site, and a kept file changed through the site's link is not published", async () => {
    const root = await seriesRoot();
    const cache = RecordCache.open(root, "test-salt");
    const clean = await treeDigest(await buildInto(root));
    await buildInto(root, cache);
    const [key] = await keys(root);
    const kept = join(root, CACHE_DIR, "editions/2026", key!, "site/teams/gripper-gang.html");
    const out = await buildInto(root, cache);
    const page = join(out, "2026/teams/gripper-gang.html");
    // One file under two names (tempDir's folders share a file system): nothing copied.
    expect((await stat(page)).ino).toBe((await stat(kept)).ino);
    expect(await treeDigest(out)).toEqual(clean);
    // Something edits the published page in place, and so the kept file: the next build renders
    // the edition again instead of publishing bytes no build wrote.
    await appendFile(page, "<!-- edited in place -->");
    expect(await readFile(kept, "utf8")).toContain("edited in place");
    const next = await buildInto(root, cache);
    expect(await treeDigest(next)).toEqual(clean);
    // …and keeps its pages anew.
    expect(await readFile(kept, "utf8")).not.toContain("edited in place");
  }, 90_000);

  it("are not published when one was changed through the site's link to bytes of the same size", async () => {
    // Size alone let this through: the same number of other bytes, written in place at once.
    const root = await seriesRoot();
    const cache = RecordCache.open(root, "test-salt");
    const clean = await treeDigest(await buildInto(root));
    await buildInto(root, cache);
    const out = await buildInto(root, cache);
    const page = join(out, "2026/teams/gripper-gang.html");
    const text = await readFile(page, "utf8");
    const edited = text.replace("</body>", "</BODY>");
    expect(edited).not.toBe(text);
    await writeFile(page, edited);
    const [key] = await keys(root);
    const kept = join(root, CACHE_DIR, "editions/2026", key!, "site/teams/gripper-gang.html");
    expect(await readFile(kept, "utf8")).toBe(edited);
    const next = await buildInto(root, cache);
    expect(await readFile(join(next, "2026/teams/gripper-gang.html"), "utf8")).toBe(text);
    expect(await treeDigest(next)).toEqual(clean);
  }, 90_000);
});
