import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser, SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { seriousViolations } from "../helpers/page-checks.ts";

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
        expect(await seriousViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await page.context().close();
      },
    );
});
