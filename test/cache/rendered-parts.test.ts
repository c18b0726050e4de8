import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_DIR, RecordCache } from "../../generator/cache/record-cache.ts";
import { RenderedParts } from "../../generator/cache/rendered-parts.ts";
import { build } from "../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

const env = { SOURCE_DATE_EPOCH: "1764928800" };
const BASE = "https://example.org/";
const PROJECTS = 2;
const partsFile = (root: string) => join(root, CACHE_DIR, "parts.cache");
/** A description linking the site's own team page: relative under BASE, a stranger's link elsewhere. */
const LINKED = `description: |\n  Sorts *blocks* for [the team](${BASE}teams/alpha-team.html).\n`;

/** A build of `root` as `npm run build` runs it, cache or not; its site's files. */
async function site(root: string, baseUrl = BASE, cache?: RecordCache) {
  const out = join(await tempDir(), "dist");
  const result = await build({ root, outDir: out, baseUrl, env, ...(cache ? { cache } : {}) });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return readTree(out);
}

/** `parts.text` for `inputs`, and whether `make` ran (a miss) or the kept text came back (a hit). */
function ask(parts: RenderedParts, inputs: string[], made = "made") {
  let ran = false;
  const text = parts.text("part", inputs, () => ((ran = true), made));
  return { text, ran };
}

describe("the rendered parts", () => {
  it("give each project's description from the second build on, and the site is byte for byte the uncached one", async () => {
    const root = await fixtureRoot();
    const project = join(root, "records/projects/alpha-bot.yaml");
    await writeFile(project, (await readFile(project, "utf8")).replace(/description: \|\n.*\n/, LINKED));
    const cache = RecordCache.open(root);
    const uncached = await site(root);
    expect(await site(root, BASE, cache)).toEqual(uncached);
    expect(cache.parts().hits).toBe(0);
    expect(await site(root, BASE, cache)).toEqual(uncached);
    expect(cache.parts().hits).toBe(PROJECTS);
    expect(uncached.get("projects/alpha-bot.html")?.toString()).toContain('href="../teams/alpha-team.html"');
  });

  it("make a description again when its text or the base URL changes (warm = clean)", async () => {
    const root = await fixtureRoot();
    const project = join(root, "records/projects/alpha-bot.yaml");
    await writeFile(project, (await readFile(project, "utf8")).replace(/description: \|\n.*\n/, LINKED));
    const cache = RecordCache.open(root);
    await site(root, BASE, cache);
    // Another base URL: the same link now leaves the site.
    const elsewhere = "https://other.example/sprint/";
    const moved = await site(root, elsewhere, cache);
    expect(moved).toEqual(await site(root, elsewhere));
    expect(moved.get("projects/alpha-bot.html")?.toString()).toContain(
      `href="${BASE}teams/alpha-team.html" rel="nofollow ugc noopener"`,
    );
    // Its text.
    await writeFile(project, (await readFile(project, "utf8")).replace("Sorts *blocks*", "Stacks _cups_"));
    const edited = await site(root, BASE, cache);
    expect(edited).toEqual(await site(root));
    expect(edited.get("projects/alpha-bot.html")?.toString()).toContain("Stacks <em>cups</em>");
    expect(cache.parts().hits).toBe(PROJECTS - 1);
  });

  it("key a part by its name, every input and the generator's code", async () => {
    const dir = await tempDir();
    const first = new RenderedParts(dir, "code-1");
    first.begin();
    expect(ask(first, ["https://a.example/", "projects/a.html", "*x*"]).ran).toBe(true);
    first.save();
    const again = (salt: string, inputs: string[]) => {
      const parts = new RenderedParts(dir, salt);
      parts.begin();
      return ask(parts, inputs);
    };
    expect(again("code-1", ["https://a.example/", "projects/a.html", "*x*"])).toEqual({
      text: "made",
      ran: false,
    });
    expect(again("code-2", ["https://a.example/", "projects/a.html", "*x*"]).ran).toBe(true);
    expect(again("code-1", ["https://b.example/", "projects/a.html", "*x*"]).ran).toBe(true);
    expect(again("code-1", ["https://a.example/", "projects/b.html", "*x*"]).ran).toBe(true);
    expect(again("code-1", ["https://a.example/", "projects/a.html", "*y*"]).ran).toBe(true);
    // Inputs that join to the same text are still other inputs.
    expect(again("code-1", ["https://a.example/projects/a.html", "", "*x*"]).ran).toBe(true);
  });

  it("ignore a kept part with one byte changed, make it again and keep the new one", async () => {
    const root = await fixtureRoot();
    const cache = RecordCache.open(root);
    const clean = await site(root);
    await site(root, BASE, cache);
    const text = await readFile(partsFile(root), "utf8");
    await writeFile(partsFile(root), text.replace("<em>blocks</em>", "<em>BLOCKS</em>"));
    expect(await site(root, BASE, cache)).toEqual(clean);
    expect(cache.parts().hits).toBe(PROJECTS - 1);
    await site(root, BASE, cache);
    expect(cache.parts().hits).toBe(PROJECTS);
  });
});
