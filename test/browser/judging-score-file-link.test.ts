import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser } from "../helpers/example-in-browser.ts";

/**
 * The judge page's opening line ends "send the organiser your score file", a link to #score-file.
 * Tapping it should bring the "Your score file" section (Download, Copy) into view. judging.js's
 * hashchange handler reads every fragment as a project's, so the link instead shows the first
 * unscored project again and rewrites the address to it.
 *
 * KNOWN PROBLEM, found in a newcomer's walk-through: `it.fails` keeps the suite green while the
 * link is broken. When judging.js leaves a fragment that names no project alone, this test fails:
 * change `it.fails` to `it`.
 */
const scene = exampleInBrowser();

describe("the judge page's 'your score file' link", () => {
  it.fails("scrolls to the score file section and leaves the address at #score-file", async () => {
    const viewport = { width: 390, height: 844 };
    const { page, problems } = await watchedPage(scene.browser, { viewport });
    await page.goto(scene.site + "judging/mei-tanaka.html");
    await page.evaluate(() => scrollTo(0, 0));
    await page.getByRole("link", { name: "your score file" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#score-file");
    const top = await page.locator("#score-file").evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(viewport.height);
    expect(problems).toEqual([]);
  });
});
