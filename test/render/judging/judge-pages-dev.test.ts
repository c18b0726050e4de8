import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../../generator/bench/synthetic-event.ts";
import { BuildMemory } from "../../../generator/build-memory.ts";
import { build } from "../../../generator/pipeline.ts";
import { tempDir } from "../../helpers/fixture-root.ts";
import { renderedOnSave } from "../../helpers/rendered-on-save.ts";

/** A judge's page (not the index): `judging/<judge>.html` or `judging/<judge>/page/<n>.html`. */
const JUDGE_PAGE = /^judging\/(?!index\.html)[^/]+(\/page\/\d+)?\.html$/;

/** Each judge's page, by path, with the time its file was last written. */
async function pageTimes(out: string, paths: readonly string[]): Promise<Map<string, number>> {
  return new Map(await Promise.all(paths.map(async (p) => [p, (await stat(join(out, p))).mtimeMs] as const)));
}

describe("the judges' pages under npm run dev", () => {
  it("render and write, after a save that changes one project, only the pages that show it", async () => {
    // The sample's three judges, each given all 90 projects: three pages each.
    const root = await tempDir();
    await writeSyntheticEvent(root, { teams: 10, projects: 90 });
    const memory = new BuildMemory();
    const options = { root, outDir: join(root, "out"), baseUrl: "https://hackathon.example/", memory };
    const dev = { ...options, env: { SOURCE_DATE_EPOCH: "1700000000" } };
    // Built whole, then once more: that build writes the manifest the save's build reads.
    expect((await build(dev)).ok).toBe(true);
    expect((await build(dev)).ok).toBe(true);

    const lists = ["dr-lena-hartmann", "kofi-mensah", "mei-tanaka"].map(async (judge) => {
      const text = await readFile(join(options.outDir, `judging/${judge}/projects.json`), "utf8");
      return (JSON.parse(text) as { pages: Array<{ path: string; projects: string[] }> }).pages;
    });
    const pages = (await Promise.all(lists)).flat();
    expect(pages).toHaveLength(9);
    // A project on the first judge's second page; where it is on the others' is their own order.
    const changed = pages[1]!.projects[3]!;
    const showing = pages.filter((p) => p.projects.includes(changed)).map((p) => p.path);
    expect(showing).toHaveLength(3);
    const before = await pageTimes(
      options.outDir,
      pages.map((p) => p.path),
    );

    const file = join(root, `records/projects/${changed}.yaml`);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace(/^tagline: .*$/m, "tagline: Now with a second gripper."));
    memory.saw([`records/projects/${changed}.yaml`]);
    // The save's build, as build() runs it, counting which judges' pages are rendered.
    const rendered = await renderedOnSave(dev, JUDGE_PAGE);

    expect(rendered.sort()).toEqual(showing.sort());
    const after = await pageTimes(options.outDir, [...before.keys()]);
    expect([...after].filter(([path, time]) => before.get(path) !== time).map(([path]) => path)).toEqual(
      [...after.keys()].filter((path) => showing.includes(path)),
    );
    for (const path of showing)
      expect(await readFile(join(options.outDir, path), "utf8")).toContain(
        "<p><bdi>Now with a second gripper.</bdi></p>",
      );
  }, 60_000);
});
