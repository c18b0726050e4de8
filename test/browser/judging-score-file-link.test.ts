import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser } from "../helpers/example-in-browser.ts";

/**
 * The judge page's opening line ends "send the organiser your score file", a link to #score-file:
 * tapping it brings the "Your score file" section (Download, Copy) into view, and the address keeps
 * that fragment, which names no project (found in a newcomer's walk-through, once broken).
 */
const scene = exampleInBrowser();

describe("the judge page's 'your score file' link", () => {
  it("scrolls to the score file section and leaves the address at #score-file", async () => {
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
