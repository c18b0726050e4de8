import type { Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * "Show N more" from the keyboard: the focus goes to the first card it added, so the next Tab
 * reads on through the new cards. The last click removes the button; the focus left with it fell
 * back to the page, and Tab went to the footer past every card just shown.
 */
let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 20, projects: 150 });
  ({ server, url: site } = await serveBuilt(root));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the gallery's Show more", () => {
  it("moves the focus to the first card it added, the last time too", async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 900 } });
    await page.goto(`${site}projects/?sort=newest`, { waitUntil: "networkidle" });
    const more = page.locator("button.more");
    const focused = () =>
      page.evaluate(() => document.activeElement?.closest("li.card")?.getAttribute("data-slug"));
    const cards = () =>
      page.locator("#list > li.card").evaluateAll((li) => li.map((c) => c.getAttribute("data-slug")));
    await expect.poll(() => more.isVisible()).toBe(true);
    let clicks = 0;
    while (await more.isVisible()) {
      const before = (await cards()).length;
      await more.focus();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await cards()).length).toBeGreaterThan(before);
      const added = (await cards())[before];
      await expect.poll(focused).toBe(added);
      // The next Tab stays among the cards: the added card's next link, not the footer.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#list"))).toBe(true);
      clicks++;
    }
    expect(clicks).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
