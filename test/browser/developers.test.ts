import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser, SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { seriousViolations } from "../helpers/page-checks.ts";

/**
 * The developer page's tables on a phone and a desktop: every cell of every table is on the screen
 * (no column hidden past a region's edge), the page never scrolls sideways, and axe finds nothing
 * serious. Screenshots go to test-results/screenshots/developers-tables-<width>.png.
 */
const WIDTHS = [390, 1280];

const scene = exampleInBrowser();

async function open(width: number, bypassCSP = false): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(scene.browser, { viewport: { width, height: 844 }, bypassCSP });
  await watched.page.goto(`${scene.site}developers.html`, { waitUntil: "networkidle" });
  return watched;
}

describe("the developer page's tables", () => {
  it.each(WIDTHS)("at %i px show every cell on the screen, each labelled by its column", async (width) => {
    const { page, problems } = await open(width);
    const seen = await page.evaluate(() => {
      const cells = [...document.querySelectorAll("main table td, main table th")];
      return {
        tables: document.querySelectorAll("main table").length,
        cells: cells.length,
        // A cell past the window's edge (or its region's) is a column nobody sees without scrolling.
        offscreen: cells
          .filter((cell) => {
            const box = cell.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
          })
          .map((cell) => cell.textContent!.slice(0, 40)),
        // A caption squeezed into a column a letter wide.
        squeezed: [...document.querySelectorAll("main caption")]
          .filter((caption) => caption.getBoundingClientRect().width < 200)
          .map((caption) => caption.textContent),
        scrolled: [...document.querySelectorAll("main .table-scroll")].filter(
          (region) => region.scrollWidth > region.clientWidth + 1,
        ).length,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        // On a phone each data cell says which column it is; on a desktop the header row does.
        returns: [...document.querySelectorAll("main table td")].map(
          (td) => getComputedStyle(td, "::before").content,
        )[1],
      };
    });
    expect(seen.tables).toBeGreaterThan(5);
    expect(seen.offscreen, `at ${width}px`).toEqual([]);
    expect(seen.squeezed, `at ${width}px`).toEqual([]);
    expect(seen.scrolled, `at ${width}px`).toBe(0);
    expect(seen.overflow, `at ${width}px`).toBeLessThanOrEqual(0);
    expect(seen.returns).toBe(width === 390 ? '"Returns"' : "none");
    await expect(page.getByText("Returns").first()).toBeTruthy();
    await page.screenshot({ path: `${SCREENSHOTS}/developers-tables-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(WIDTHS)("at %i px: axe-core finds no serious or critical violation", async (width) => {
    const { page } = await open(width, true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
