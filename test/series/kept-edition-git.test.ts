import { execFileSync } from "node:child_process";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_DIR, RecordCache } from "../../generator/cache/record-cache.ts";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { seriesRoot } from "../helpers/series-root.ts";

/**
 * An archive committed, as Publish checks it out: its key comes from git's index
 * (cache/git-index-key.ts), its kept files are linked into the site, and a change git sees in the
 * work tree (here one of the same size, not committed) keys it by its bytes and renders it again.
 */
const BASE = "https://series.example/";
const env = { SOURCE_DATE_EPOCH: "1800000000" };

async function buildInto(root: string, cache: RecordCache): Promise<string> {
  const outDir = join(await tempDir(), "dist");
  const result = await build({ root, outDir, baseUrl: BASE, env, cache });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  return outDir;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
    cwd,
    stdio: "ignore",
  });

describe("an archived edition in a git checkout", () => {
  it("is keyed by the index while git vouches for it, and by its bytes once it does not", async () => {
    const root = await seriesRoot();
    git(root, "init", "-q");
    git(root, "add", "editions", "records", "site");
    git(root, "commit", "-qm", "the series");
    const cache = RecordCache.open(root, "test-salt");
    await buildInto(root, cache);
    const [key] = await readdir(join(root, CACHE_DIR, "editions/2026"));
    const out = await buildInto(root, cache);
    const page = "teams/gripper-gang.html";
    const kept = join(root, CACHE_DIR, "editions/2026", key!, "site", page);
    // The same key found again (git's, asked anew): the kept file itself is published.
    expect((await stat(join(out, "2026", page))).ino).toBe((await stat(kept)).ino);
    const file = join(root, "editions/2026/records/teams/gripper-gang.yaml");
    const text = await readFile(file, "utf8");
    const renamed = text.replace(/^name: Gripper Gang$/m, "name: Gripper Gong");
    expect(renamed.length).toBe(text.length);
    expect(renamed).not.toBe(text);
    await writeFile(file, renamed);
    const next = await buildInto(root, cache);
    expect(await readFile(join(next, "2026", page), "utf8")).toContain("Gripper Gong");
    expect(await readdir(join(root, CACHE_DIR, "editions/2026"))).not.toContain(key);
  }, 90_000);
});
