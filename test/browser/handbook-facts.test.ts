import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser, SCREENSHOTS } from "../helpers/example-in-browser.ts";

/**
 * The handbook chapters that hold the event's facts (tracks, robots, deadlines, judging criteria,
 * prizes) at phone and desktop widths: the facts are there, the page never scrolls sideways, axe
 * finds nothing serious. Screenshots go to test-results/screenshots/handbook-<chapter>-<width>.png.
 */
const CHAPTERS: ReadonlyArray<[string, string]> = [
  ["event-rules", "Sim-to-real"],
  ["submit-a-project", "Submissions close"],
  ["judging", "Works on the day"],
];

const scene = exampleInBrowser();

describe("the handbook's event facts", () => {
  for (const width of [390, 1280])
    it.each(CHAPTERS)(
      `%s at ${width} px shows them, fits the screen and passes axe`,
      async (chapter, fact) => {
        const { page, problems } = await watchedPage(scene.browser, {
          viewport: { width, height: 844 },
          bypassCSP: true,
        });
        await page.goto(`${scene.site}handbook/${chapter}.html`, { waitUntil: "networkidle" });
        expect(await page.locator("article").innerText()).toContain(fact);
        expect(await page.locator("article").innerText()).not.toContain("<!--");
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SCREENSHOTS}/handbook-${chapter}-${width}.png`, fullPage: true });
        await page.addScriptTag({
          content: await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"),
        });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>;
              };
            }
          ).axe;
          return (await axe.run()).violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.length,
          }));
        });
        expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
        expect(problems).toEqual([]);
        await page.context().close();
      },
    );
});
