import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { serveBuilt } from "../helpers/serve-built.ts";
import { unrunEditionRoot } from "../helpers/unrun-edition-root.ts";

/**
 * An archived edition in Chromium, read on a day before its own dates (review of issues 57 and 58:
 * /2026/ showed the registration countdown and "Register your team"): its home page, room's
 * screen, expo plan, handbook and judging pages say it is over, when it took place, and lead to the current
 * edition, with no countdown and no call to register or submit, at 390 and 1280 px, axe clean.
 * Screenshots go to test-results/screenshots/archived-<page>-<width>.png.
 */
const READ_ON = "2026-11-29T12:00:00Z";
const PAGES = [
  ["2026/", "home"],
  ["2026/live/", "live"],
  ["2026/expo/", "expo"],
  ["2026/handbook/register-a-team.html", "handbook"],
  ["2026/judging/", "judging"],
  ["2026/judging/mei-tanaka.html", "judge"],
] as const;
let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await unrunEditionRoot()));
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe.each([390, 1280])("an archived edition at %i px", (width) => {
  it("says on each page that it is over and when, with no countdown and no call to take part", async () => {
    const { page, problems } = await watchedPage(
      browser,
      { viewport: { width, height: 844 }, bypassCSP: true },
      (context) => context.clock.install({ time: new Date(READ_ON) }),
    );
    for (const [path, shot] of PAGES) {
      await page.goto(site + path, { waitUntil: "networkidle" });
      const banner = page.locator(".edition-over");
      expect(await banner.isVisible(), path).toBe(true);
      expect(await banner.innerText(), path).toMatch(
        /^Physical AI Sprint 2026 is over\. It took place on 5–6 December 2026; .*The current edition\.$/,
      );
      const shown = await page.locator("main").innerText();
      expect(shown, path).not.toMatch(
        /Register your team|Submit your project|Find a team|closes in|teams recruiting/,
      );
      expect(await page.getByRole("timer").count(), path).toBe(0);
      expect(await seriousViolations(page), path).toEqual([]);
      expect(await sidewaysOverflow(page), path).toEqual({ overflow: 0, outside: [] });
      await page.screenshot({ path: `${SCREENSHOTS}/archived-${shot}-${width}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("leads from its pages to the current edition", async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width, height: 844 } });
    await page.goto(`${site}2026/handbook/register-a-team.html`);
    await page.locator(".edition-over").getByRole("link", { name: "The current edition" }).click();
    await page.waitForURL(site);
    expect(await page.locator("h1").innerText()).toBe("Fixture Sprint 2027");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
