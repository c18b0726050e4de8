import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { serveBuilt } from "../helpers/serve-built.ts";
import { seriesRoot } from "../helpers/series-root.ts";

/**
 * Issue 57 in Chromium: the sample event archived under editions/2026/ and a next event at the
 * root, served as `npm start` serves them. The old edition answers under /2026/ with its winners,
 * an old root URL leads there, and the series' page lists both; axe clean, no sideways scrolling.
 * Screenshots go to test-results/screenshots/editions-<page>-<width>.png.
 */
let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await seriesRoot()));
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe.each([390, 1280])("at %i px", (width) => {
  it("the archived edition's home page answers under /2026/ with its winners, and its API beside it", async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width, height: 844 } });
    expect((await page.goto(`${site}2026/`))?.status()).toBe(200);
    expect(await page.locator("#winners").isVisible()).toBe(true);
    await expect
      .poll(() => page.locator(".award").first().innerText())
      .toMatch(/Best overall project[\s\S]*Soft Grasp/);
    expect(await page.locator("footer .edition-note").innerText()).toContain("An archived edition");
    // Its pages open by saying it is over, and since it gave awards, where its winners are.
    expect(await page.locator(".edition-over").innerText()).toMatch(
      /^Physical AI Sprint 2026 is over\. .*, with its winners\. The current edition\.$/,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/editions-2026-home-${width}.png`, fullPage: true });
    await page.locator(".award").getByRole("link", { name: "Soft Grasp" }).first().click();
    await page.waitForURL(`${site}2026/projects/soft-grasp.html`);
    const api = await page.request.get(`${site}2026/api/projects.json`);
    expect((await api.json()).count).toBe(10);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("an old root URL of the archived edition leads to its place under /2026/", async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width, height: 844 } });
    await page.goto(`${site}teams/gripper-gang.html`);
    await page.waitForURL(`${site}2026/teams/gripper-gang.html`);
    expect(await page.locator("h1").innerText()).toBe("Gripper Gang");
    // A slug the new edition took is the new edition's page, not a way to the old one.
    await page.goto(`${site}teams/drone-dojo.html`);
    expect(await page.locator("h1").innerText()).toBe("Dojo Reborn");
    expect(page.url()).toBe(`${site}teams/drone-dojo.html`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the series' page lists both editions, newest first, linked from the home page", async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width, height: 844 } });
    await page.goto(site);
    await page.locator("footer").getByRole("link", { name: "every edition" }).click();
    await page.waitForURL(`${site}editions/`);
    expect(await page.locator(".edition h2").allInnerTexts()).toEqual([
      "Fixture Sprint 2027 (current)",
      "Physical AI Sprint 2026",
    ]);
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    // Each card's name starts at its top, under the card's padding, with no empty band above it.
    const gaps = await page
      .locator(".edition")
      .evaluateAll((cards) =>
        cards.map(
          (card) => card.querySelector("h2")!.getBoundingClientRect().top - card.getBoundingClientRect().top,
        ),
      );
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(20);
    await page.screenshot({ path: `${SCREENSHOTS}/editions-list-${width}.png`, fullPage: true });
    await page.getByRole("link", { name: "Physical AI Sprint 2026" }).click();
    await page.waitForURL(`${site}2026/`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("axe-core finds no serious or critical violation on the series' page and the archived home page", async () => {
    const { page } = await watchedPage(browser, { viewport: { width, height: 844 }, bypassCSP: true });
    for (const path of ["editions/", "2026/"]) {
      await page.goto(site + path);
      expect(await seriousViolations(page), path).toEqual([]);
      expect((await sidewaysOverflow(page)).overflow, path).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
});
