import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BuildMemory } from "../../generator/build-memory.ts";
import { RecordCache } from "../../generator/cache/record-cache.ts";
import { build } from "../../generator/pipeline.ts";
import { readTree } from "../helpers/read-tree.ts";
import { seriesRoot } from "../helpers/series-root.ts";

const env = { SOURCE_DATE_EPOCH: "1800000000" };
const BASE = "https://series.example/";

/** Replaces the first match of `from` in the file under `root`; the path changed, for BuildMemory. */
async function edit(root: string, file: string, from: RegExp, to: string): Promise<string> {
  const text = await readFile(join(root, file), "utf8");
  expect(from.test(text), file).toBe(true);
  await writeFile(join(root, file), text.replace(from, to));
  return file;
}

/**
 * The warm-equals-clean property (test/properties/warm-build-property.ts) builds an event with no
 * archive; what this session keeps of an archived edition (its files by key, kept.json's size and
 * time; dev's parts by full address, kept-key.ts) is held to a clean build here: after each edit,
 * of the current edition or of `editions/2026/`, the warm folder is byte for byte a clean build's.
 */
describe("a warm build of a series writes what a clean build writes", () => {
  it.each(["memory", "cache"] as const)(
    "after edits of either edition (%s)",
    async (warmth) => {
      const root = await seriesRoot();
      const memory = warmth === "memory" ? new BuildMemory() : undefined;
      const warm = {
        root,
        outDir: join(root, "out"),
        baseUrl: BASE,
        env,
        cache: RecordCache.open(root),
        ...(memory ? { memory } : {}),
      };
      expect((await build(warm)).ok).toBe(true);
      expect((await build(warm)).ok).toBe(true);
      const current = (await readdir(join(root, "records/projects")))[0]!;
      const archived = (await readdir(join(root, "editions/2026/records/projects")))[0]!;
      const image = "editions/2026/site/public/images/host-gelenk-robotics.svg";
      const edits: Array<[string, () => Promise<string>]> = [
        [
          // One letter for another: the same size, so a key of sizes or times alone would miss it.
          "an archived title's first letter",
          () => edit(root, `editions/2026/records/projects/${archived}`, /^title: ./m, "title: Q"),
        ],
        ["an archived image", () => edit(root, image, /fill="#[0-9a-fA-F]+"/, 'fill="#123456"')],
        [
          "a current title",
          () => edit(root, `records/projects/${current}`, /^title: .*$/m, "title: Zeta Renamed"),
        ],
      ];
      for (const [i, [what, apply]] of edits.entries()) {
        // Applied first: `memory?.saw(...)` would not evaluate its argument without memory.
        const changed = await apply();
        memory?.saw([changed]);
        const clean = join(root, `clean-${i}`);
        expect((await build({ root, outDir: clean, baseUrl: BASE, env })).ok, what).toBe(true);
        expect((await build(warm)).ok, what).toBe(true);
        const [got, want] = [await readTree(warm.outDir), await readTree(clean)];
        expect([...got.keys()], what).toEqual([...want.keys()]);
        expect(
          [...want].filter(([path, bytes]) => !got.get(path)?.equals(bytes)).map(([path]) => path),
          what,
        ).toEqual([]);
        await rm(clean, { recursive: true });
      }
    },
    120_000,
  );
});
