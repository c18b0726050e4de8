import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ScoreFile } from "../../generator/judging/score-file.ts";
import { buildSite } from "../helpers/build-site.ts";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser } from "../helpers/example-in-browser.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";
import {
  EXAMPLE_CRITERIA,
  EXAMPLE_ORDER,
  EXAMPLE_WINNERS,
  rankedFile,
  winnerSection,
} from "../judging/score-files.ts";

const scene = exampleInBrowser();

/**
 * One judge at the sample event's judging page, in a profile of their own, scoring as `wanted` says
 * (and skipping what it leaves out), one project at a time in the page's order; the file they download.
 */
async function scoreOnThePage(page: string, wanted: ScoreFile, into: string): Promise<string> {
  const { page: tab, problems } = await watchedPage(scene.browser, {
    viewport: { width: 390, height: 900 },
    acceptDownloads: true,
  });
  await tab.goto(scene.site + page);
  const count = await tab.locator("li.judge-project").count();
  for (let i = 0; i < count; i++) {
    const item = tab.locator("li.judge-project:visible");
    const scores = wanted.scores[(await item.getAttribute("data-project"))!];
    if (scores) {
      for (const criterion of EXAMPLE_CRITERIA)
        await item
          .getByRole("group", { name: new RegExp(`^${criterion}`) })
          .getByLabel(String(scores[criterion]), { exact: true })
          .check();
      await item.getByLabel(/Private note/).fill(String(scores.note));
    }
    if (i < count - 1) await tab.getByRole("button", { name: "Next project →" }).click();
  }
  const [download] = await Promise.all([
    tab.waitForEvent("download"),
    tab.getByRole("button", { name: "Download score file" }).click(),
  ]);
  const path = join(into, download.suggestedFilename());
  await download.saveAs(path);
  expect(problems).toEqual([]);
  await tab.context().close();
  return path;
}

describe("from the judging page to the winners", () => {
  it("three judges' files made by the page, npm run tally -- --write, a build: the winners are on the home page", async () => {
    const judges: Array<[string, ScoreFile]> = [
      ["judging/dr-lena-hartmann.html", rankedFile("Dr Lena Hartmann", EXAMPLE_ORDER)],
      ["judging/kofi-mensah.html", rankedFile("Kofi Mensah", EXAMPLE_ORDER, 1)],
      ["judging/mei-tanaka.html", rankedFile("Mei Tanaka", EXAMPLE_ORDER.slice(0, 8))],
    ];
    const scores = await tempDir("scores-");
    const fromPage: string[] = [];
    for (const [page, wanted] of judges) fromPage.push(await scoreOnThePage(page, wanted, scores));
    expect(fromPage.map((path) => path.slice(scores.length + 1))).toEqual([
      "scores-dr-lena-hartmann.json",
      "scores-kofi-mensah.json",
      "scores-mei-tanaka.json",
    ]);

    // The same scores typed by hand give the same awards: the page's files are what the tally reads.
    const byHand = await tempDir("by-hand-");
    const handFiles = await Promise.all(
      judges.map(async ([, file], i) => {
        const path = join(byHand, `${i}.json`);
        await writeFile(path, JSON.stringify(file));
        return path;
      }),
    );
    const root = await exampleRoot();
    const handRoot = await exampleRoot();
    const run = await runCli("tally", ["--write", "--root", root, ...fromPage]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("3 judges: Dr Lena Hartmann, Kofi Mensah, Mei Tanaka\n");
    expect((await runCli("tally", ["--write", "--root", handRoot, ...handFiles])).code).toBe(0);
    const written = await readFile(join(root, "records/event.yaml"), "utf8");
    expect(written).toBe(await readFile(join(handRoot, "records/event.yaml"), "utf8"));
    expect(written).toContain(
      "  - name: Best overall project\n    prize: best-overall\n    projects: [soft-grasp]\n",
    );

    const home = await readFile(join(await buildSite(root, "https://example.org/"), "index.html"), "utf8");
    for (const [award, title] of EXAMPLE_WINNERS) expect(winnerSection(home, award), award).toContain(title);
  });
});
