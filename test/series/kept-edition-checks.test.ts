import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RecordCache } from "../../generator/cache/record-cache.ts";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { seriesRoot, writeManifest } from "../helpers/series-root.ts";

/**
 * A kept edition's manifest is not checked again (series.ts's lookUpKept): what its key does not
 * hold is still checked. The current edition's public files may now take its name, and a folder
 * renamed keys at its new address, so each is refused as without a cache.
 */
const BASE = "https://series.example/";
const env = { SOURCE_DATE_EPOCH: "1800000000" };

async function buildIt(root: string, cache: RecordCache) {
  return build({ root, outDir: join(await tempDir(), "dist"), baseUrl: BASE, env, cache });
}

const errors = (result: Awaited<ReturnType<typeof build>>) =>
  result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.rule}`);

describe("an archived edition whose files were kept", () => {
  it("is refused once the current edition's public files take its name", async () => {
    const root = await seriesRoot();
    const cache = RecordCache.open(root, "test-salt");
    expect((await buildIt(root, cache)).ok).toBe(true);
    await mkdir(join(root, "site/public/2026"), { recursive: true });
    await writeFile(join(root, "site/public/2026/notes.txt"), "taken\n");
    const result = await buildIt(root, cache);
    expect(errors(result)).toEqual(["editions/2026/edition.json:2 edition-manifest"]);
    expect(result.diagnostics[0]!.message).toContain("a name the site uses at its root");
  }, 60_000);

  it("is refused when its folder is renamed and its manifest's id is not", async () => {
    const root = await seriesRoot();
    const cache = RecordCache.open(root, "test-salt");
    expect((await buildIt(root, cache)).ok).toBe(true);
    await rename(join(root, "editions/2026"), join(root, "editions/2025"));
    const result = await buildIt(root, cache);
    expect(errors(result)).toEqual(["editions/2025/edition.json:2 edition-manifest"]);
    // Named back, the kept files are its own again, and a manifest changed in the meantime is read.
    await rename(join(root, "editions/2025"), join(root, "editions/2026"));
    const value = JSON.parse(await readFile(join(root, "editions/2026/edition.json"), "utf8"));
    await writeManifest(root, "2026", { ...value, generatedAt: "not a date" });
    expect(errors(await buildIt(root, cache))).toEqual(["editions/2026/edition.json:3 edition-manifest"]);
  }, 60_000);
});
