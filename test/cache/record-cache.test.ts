import { execFile } from "node:child_process";
import { cp, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CACHE_DIR, generatorKey, RecordCache } from "../../generator/cache/record-cache.ts";
import { recordSchemas } from "../../generator/contract/record-schemas.ts";
import { build, check } from "../../generator/pipeline.ts";
import { exampleRoot, fixtureRoot, REPO, tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

const env = { SOURCE_DATE_EPOCH: "1764928800" };
const BASE = "https://example.org/";
const RECORDS = 5;
const run = promisify(execFile);
/** Text of a rule (team-recruiting's description), as it stands in every compiled command. */
const RULE_TEXT = "A team looking for members lists the skills it wants; a full team lists none.";
const cacheFile = (root: string) => join(root, CACHE_DIR, "records.cache");

/** A build of `root` with its cache as `npm run build` opens it; the summary, and the site's files. */
async function cachedBuild(root: string, cache = RecordCache.open(root)) {
  const out = join(await tempDir(), "dist");
  const result = await build({ root, outDir: out, baseUrl: BASE, env, cache });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return { summary: result.summary, tree: await readTree(out), diagnostics: result.diagnostics };
}

describe("the record cache", () => {
  it("takes every unchanged record from the cache, and the site is byte for byte the uncached one", async () => {
    const root = await fixtureRoot();
    const uncached = await build({ root, outDir: join(await tempDir(), "dist"), baseUrl: BASE, env });
    const first = await cachedBuild(root);
    const second = await cachedBuild(root);
    expect(uncached.ok && uncached.summary.cached).toBe(0);
    expect(first.summary.cached).toBe(0);
    expect(second.summary.cached).toBe(RECORDS);
    expect(second.tree).toEqual(first.tree);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it("checks again only a record whose bytes changed", async () => {
    const root = await fixtureRoot();
    await cachedBuild(root);
    const file = join(root, "records/teams/beta-team.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^name: .*$/m, "name: Beta Renamed"));
    const again = await cachedBuild(root);
    expect(again.summary.cached).toBe(RECORDS - 1);
    expect(again.tree.get("teams/beta-team.html")!.toString()).toContain("Beta Renamed");
  });

  it("keeps each record's warnings with their places, from the cache as from the file", async () => {
    const root = await fixtureRoot();
    await writeFile(
      join(root, "records/teams/gamma-team.yaml"),
      "name: Gamma\nlookingForMembers: false\nskillsWanted:\n  - CAD\nmembers:\n  - name: Gil\n",
    );
    const first = await cachedBuild(root);
    const second = await cachedBuild(root);
    const warning = first.diagnostics.find((d) => d.file === "records/teams/gamma-team.yaml");
    expect(warning).toMatchObject({ line: 4, column: 3, rule: "team-recruiting" });
    expect(second.summary.cached).toBe(RECORDS + 1);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it("ignores an entry with one byte flipped, checks its record again and writes it anew", async () => {
    const root = await fixtureRoot();
    const clean = await cachedBuild(root);
    const text = await readFile(cacheFile(root), "utf8");
    // A byte inside the last entry's value: its text no longer matches its own hash.
    const at = text.lastIndexOf('"data"') + 10;
    const flipped = text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ 1) + text.slice(at + 1);
    expect(flipped).not.toBe(text);
    await writeFile(cacheFile(root), flipped);
    const again = await cachedBuild(root);
    expect(again.summary.cached).toBe(RECORDS - 1);
    expect(again.tree).toEqual(clean.tree);
    // Its new entry was written: the next build takes every record from the cache.
    expect((await readFile(cacheFile(root), "utf8")).startsWith(flipped)).toBe(true);
    expect((await cachedBuild(root)).summary.cached).toBe(RECORDS);
  });

  it("ignores a truncated file and an entry copied under another record's key", async () => {
    const root = await fixtureRoot();
    const clean = await cachedBuild(root);
    const text = await readFile(cacheFile(root), "utf8");
    await writeFile(cacheFile(root), text.slice(0, Math.floor(text.length * 0.6)));
    expect((await cachedBuild(root)).summary.cached).toBeLessThan(RECORDS);
    // Written anew, not added to a cut line.
    expect(await readFile(cacheFile(root), "utf8")).toBe(text);
    // A foreign entry: every key holds the first record's entry, whose hash is of its own text.
    const lines = text.trimEnd().split("\n");
    const entry = lines[1]!.slice(65);
    await writeFile(
      cacheFile(root),
      [lines[0], ...lines.slice(1).map((l) => `${l.slice(0, 64)} ${entry}`)].join("\n"),
    );
    const foreign = await cachedBuild(root);
    expect(foreign.tree).toEqual(clean.tree);
  });

  it("adds new entries at the end of its file, and writes the file anew once most of it is stale", async () => {
    const root = await tempDir();
    const entry = { data: { name: "x" }, diagnostics: [] };
    const lines = async () => (await readFile(cacheFile(root), "utf8")).trimEnd().split("\n").length - 1;
    const counts: number[] = [];
    for (let round = 0; round < 20; round++) {
      const cache = RecordCache.open(root, "salt");
      cache.begin();
      for (let i = 0; i < 10; i++)
        cache.set(cache.key(`records/teams/t${round}-${i}.yaml`, Buffer.from("x")), entry);
      cache.save();
      counts.push(await lines());
    }
    expect(counts.slice(0, 3)).toEqual([10, 20, 30]);
    expect(Math.max(...counts)).toBeLessThanOrEqual(1.25 * 10 + 100);
    // Written anew with only the entries the last run used.
    expect(counts.slice(3)).toContain(10);
    const last = RecordCache.open(root, "salt");
    last.begin();
    expect(last.get(last.key("records/teams/t19-9.yaml", Buffer.from("x")))).toEqual(entry);
  });

  it("never doubles: after the code changes, every entry is new and the file is written anew", async () => {
    const root = await tempDir();
    const sizes: number[] = [];
    for (const salt of ["before", "after", "after"]) {
      const cache = RecordCache.open(root, salt);
      cache.begin();
      for (let i = 0; i < 1000; i++) {
        const key = cache.key(`records/teams/t${i}.yaml`, Buffer.from("x"));
        if (!cache.get(key)) cache.set(key, { data: { name: `team ${i}` }, diagnostics: [] });
      }
      cache.save();
      sizes.push((await readFile(cacheFile(root))).length);
    }
    // The second run's 1,000 entries replace the first's instead of following them.
    expect(sizes[1]).toBe(sizes[0]);
    expect(sizes[2]).toBe(sizes[1]);
  });

  it("checks every record again when a schema changes", async () => {
    const root = await fixtureRoot();
    await cachedBuild(root);
    expect((await cachedBuild(root)).summary.cached).toBe(RECORDS);
    const changed = structuredClone(recordSchemas) as { team: { description?: string } };
    changed.team.description = "A team, described anew.";
    expect(generatorKey(changed)).not.toBe(generatorKey());
    const again = await cachedBuild(root, RecordCache.open(root, generatorKey(changed)));
    expect(again.summary.cached).toBe(0);
  });

  it("checks every record again when the compiled code that runs changes, even if the sources do not", async () => {
    // The build command as installed: its bundles and theme, the package beside it, the dependencies linked.
    const tool = await tempDir();
    await cp(join(REPO, "compiled"), join(tool, "compiled"), { recursive: true });
    await cp(join(REPO, "package.json"), join(tool, "package.json"));
    await cp(join(REPO, "generator/render/theme"), join(tool, "generator/render/theme"), { recursive: true });
    await symlink(join(REPO, "node_modules"), join(tool, "node_modules"));
    const root = await exampleRoot();
    const build = async () => {
      const { stdout } = await run(process.execPath, [
        join(tool, "compiled/cli/build.mjs"),
        "--root",
        root,
        "--out",
        join(root, "dist"),
        "--base-url",
        BASE,
      ]);
      return /\((\d+) from the cache\)/.exec(stdout)![1];
    };
    await build();
    expect(await build()).not.toBe("0");
    // A rule changed in the bundle (as `npm run compile` would write it after an edit).
    const bundle = join(tool, "compiled/cli/build.mjs");
    const text = await readFile(bundle, "utf8");
    await writeFile(bundle, text.replace(RULE_TEXT, `${RULE_TEXT} (changed)`));
    expect(text).toContain(RULE_TEXT);
    expect(await build()).toBe("0");
  });

  it("is neither read nor written without a cache (--no-cache)", async () => {
    const root = await fixtureRoot();
    await check({ root });
    await expect(readFile(cacheFile(root))).rejects.toThrow(/ENOENT/);
  });

  it("never fails a build: an unwritable cache folder only costs the time", async () => {
    const root = await fixtureRoot();
    await writeFile(join(root, "node_modules"), "a file where the cache folder would go");
    const result = await cachedBuild(root);
    expect(result.summary.cached).toBe(0);
    expect(result.tree.get("api/index.json")).toBeDefined();
  });
});
