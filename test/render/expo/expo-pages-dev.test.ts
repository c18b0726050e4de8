import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../../generator/bench/synthetic-event.ts";
import { BuildMemory } from "../../../generator/build-memory.ts";
import { build } from "../../../generator/pipeline.ts";
import { tempDir } from "../../helpers/fixture-root.ts";
import { renderedOnSave } from "../../helpers/rendered-on-save.ts";

const PLAN_PAGE = /^expo\/(index|page\/\d+)\.html$/;

describe("the expo plan's pages under npm run dev", () => {
  it("lay out, after a save that retitles one project, only the page that shows it", async () => {
    // 230 projects: two pages of the plan (200 rows a page at most).
    const root = await tempDir();
    await writeSyntheticEvent(root, { teams: 10, projects: 230 });
    const memory = new BuildMemory();
    const dev = {
      root,
      outDir: join(root, "out"),
      baseUrl: "https://hackathon.example/",
      memory,
      env: { SOURCE_DATE_EPOCH: "1700000000" },
    };
    expect((await build(dev)).ok).toBe(true);
    expect((await build(dev)).ok).toBe(true);
    const second = await readFile(join(dev.outDir, "expo/page/2.html"), "utf8");
    const changed = /href="\.\.\/\.\.\/projects\/([^"]+)\.html"/.exec(second)![1]!;

    const file = join(root, `records/projects/${changed}.yaml`);
    await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, "title: Zz Retitled"));
    memory.saw([`records/projects/${changed}.yaml`]);
    const rendered = await renderedOnSave(dev, PLAN_PAGE);
    expect(rendered).toEqual(["expo/page/2.html"]);
    expect(await readFile(join(dev.outDir, "expo/page/2.html"), "utf8")).toContain("<bdi>Zz Retitled</bdi>");

    // What the save wrote is what a clean build of the same records writes.
    const clean = join(root, "clean");
    expect((await build({ ...dev, memory: undefined, outDir: clean })).ok).toBe(true);
    for (const page of ["expo/index.html", "expo/page/2.html"])
      expect(await readFile(join(dev.outDir, page), "utf8")).toBe(await readFile(join(clean, page), "utf8"));
  }, 60_000);
});
