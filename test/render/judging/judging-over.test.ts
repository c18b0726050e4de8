import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../generator/pipeline.ts";
import { tempDir } from "../../helpers/fixture-root.ts";
import { seriesRoot } from "../../helpers/series-root.ts";
import { SCORING_MARKERS } from "../../helpers/scoring-markers.ts";

/**
 * An archived edition that gave awards (series-root.ts): its judging pages say judging is over and
 * lead to its winners, list each judge's projects to read and take no score; the current edition's
 * judging at the root is as it was. archived-edition.test.ts holds an archived edition without awards.
 */
let out: string;
const read = (path: string) => readFile(join(out, path), "utf8");

beforeAll(async () => {
  out = join(await tempDir(), "dist");
  const result = await build({ root: await seriesRoot(), outDir: out, baseUrl: "https://series.example/" });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
});

describe("an archived edition's judging pages", () => {
  it("say judging is over and link its winners, on the index and on each judge's page", async () => {
    const over =
      '<p class="notice">Judging at <bdi>Physical AI Sprint 2026</bdi> is over: <a href="../#winners">see the winners</a>.</p>';
    const index = await read("2026/judging/index.html");
    expect(index).toContain(over);
    expect(index).toContain("The projects each judge was given:");
    const judge = await read("2026/judging/dr-lena-hartmann.html");
    expect(judge).toContain(over);
    expect(judge).toMatch(/The \d+ projects this judge was given to judge\./);
    expect(await read("2026/index.html")).toContain('<h2 id="winners">');
  });

  it("show the projects read-only: no score form, no judging script, no score file to export", async () => {
    for (const path of ["2026/judging/index.html", "2026/judging/dr-lena-hartmann.html"]) {
      const page = await read(path);
      for (const scoring of SCORING_MARKERS) expect(page, `${path}: ${scoring}`).not.toContain(scoring);
      expect(page, path).not.toMatch(/to score|pick your name|score file|Your scores/i);
    }
  });

  it("leave the current edition's judging at the root taking scores (judging-pages.test.ts holds its pages)", async () => {
    const index = await read("judging/index.html");
    // The series' current edition lists no judges yet, so no name to pick; its page still takes scores.
    expect(index).toContain("The judges are not announced yet.");
    expect(index).toContain("Your scores stay on your device");
    expect(index).toMatch(/<script src="[^"]*judging\.js\?v=[0-9a-f]+" defer><\/script>/);
    expect(index).not.toContain("is over");
  });
});
