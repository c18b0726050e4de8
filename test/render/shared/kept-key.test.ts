import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BuildMemory } from "../../../generator/build-memory.ts";
import { deriveEditions, deriveSite } from "../../../generator/pipeline.ts";
import type { FromView, Output } from "../../../generator/render/shared/document.ts";
import { joinSeries, seriesOutputs } from "../../../generator/series.ts";
import { seriesRoot } from "../../helpers/series-root.ts";

/** Every output of a build as build() renders them (the current edition, then `2026/`), by path. */
async function outputs(root: string, memory: BuildMemory): Promise<Map<string, Output>> {
  const options = {
    root,
    baseUrl: "https://series.example/",
    memory,
    env: { SOURCE_DATE_EPOCH: "1800000000" },
  };
  const derived = await deriveSite(options);
  if (!derived.ok) throw new Error(JSON.stringify(derived.diagnostics.slice(0, 3)));
  const past = await deriveEditions(options, derived.model.assets);
  const { current, archived } = joinSeries(derived.model, past.archived);
  return new Map([...seriesOutputs(current, archived)].map((o) => [o.path, o]));
}

const viewOf = (all: Map<string, Output>, path: string) => {
  const output = all.get(path);
  if (!output || !("view" in output)) throw new Error(`${path}: no document made from a view`);
  return (output as FromView<Record<string, unknown>>).view;
};

describe("what npm run dev keeps of a document between saves, with an archived edition", () => {
  it("is the current edition's own: the archive's documents at the same paths under 2026/ neither take nor drop it", async () => {
    const root = await seriesRoot();
    // Judges for the current edition too, so both editions render judging/<judge>.html.
    await appendFile(
      join(root, "records/event.yaml"),
      "judges:\n  - name: Ada Byron\n    affiliation: A lab\n  - name: Ben Okafor\n    affiliation: A company\n",
    );
    const memory = new BuildMemory();
    // The first build makes every entry; the next hands them out again and keeps what it made of them.
    await outputs(root, memory);
    memory.saw([]);
    const first = await outputs(root, memory);
    // A save that changed nothing: every record is the last build's object, so is every entry.
    memory.saw([]);
    const second = await outputs(root, memory);
    for (const path of ["api/projects.json", "api/teams.json"]) {
      // The list's mark: the same while its entries are the last build's (list-json.ts).
      expect(viewOf(second, path).mark, path).toBe(viewOf(first, path).mark);
      expect(viewOf(second, `2026/${path}`).mark, path).not.toBe(viewOf(second, path).mark);
    }
    for (const path of ["projects/index.html", "teams/index.html", "judging/ada-byron.html"])
      expect(viewOf(second, path).page, path).toBe(viewOf(first, path).page);
    expect(viewOf(second, "2026/judging/mei-tanaka.html")).toBeDefined();
  });
});
