import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { serveBuilt } from "../helpers/serve-built.ts";
import { EXAMPLE_CRITERIA } from "../judging/score-files.ts";

/**
 * A judge with more projects than a page holds (the sample's three judges, each given all 50
 * projects: pages of 40 and 10) scores on both pages, reloads, exports one file with every score,
 * and goes on from it in a fresh profile, in Chromium at phone and desktop widths.
 */
const WIDTHS = [390, 1280];
const PAGE_2 = "judging/mei-tanaka/page/2.html";

let browser: Browser;
let server: Server;
let site: string;
/** Mei Tanaka's projects by page, as the site's list of them says. */
let pages: string[][];

beforeAll(async () => {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 10, projects: 50 });
  ({ server, url: site } = await serveBuilt(root));
  browser = await launchChromium();
  const list = await (await fetch(`${site}judging/mei-tanaka/projects.json`)).json();
  pages = (list as { pages: Array<{ projects: string[] }> }).pages.map((p) => p.projects);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(width: number, path: string) {
  const { page, problems } = await watchedPage(browser, {
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  await page.goto(site + path);
  return { page, problems };
}

/** The project on screen, by its slug; only one shows at a time. */
async function shown(page: Page): Promise<string> {
  const visible = page.locator("li.judge-project:visible");
  await expect.poll(() => visible.count()).toBe(1);
  return (await visible.getAttribute("data-project"))!;
}

async function score(page: Page, scores: readonly number[]) {
  const item = page.locator("li.judge-project:visible");
  for (const [c, value] of scores.entries())
    await item
      .getByRole("group", { name: new RegExp(`^${EXAMPLE_CRITERIA[c]}`) })
      .getByLabel(String(value), { exact: true })
      .check();
}

/** The scores checked on the project on screen, criterion by criterion (0 for none). */
async function checked(page: Page): Promise<number[]> {
  const item = page.locator("li.judge-project:visible");
  return Promise.all(
    EXAMPLE_CRITERIA.map(async (c) => {
      const value = await item
        .getByRole("group", { name: new RegExp(`^${c}`) })
        .locator("input:checked")
        .getAttribute("value", { timeout: 500 })
        .catch(() => null);
      return Number(value ?? 0);
    }),
  );
}

const progress = (page: Page) => page.locator("[data-progress]").textContent();

async function download(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download score file" }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8") };
}

describe("a judge's projects over more than one page", () => {
  it.each(WIDTHS)(
    "at %i px: scores on page 1 and page 2, reloads, exports both, and goes on from the file in a fresh profile",
    async (width) => {
      expect(pages.map((p) => p.length)).toEqual([40, 10]);
      const { page, problems } = await open(width, "judging/");
      await page.getByRole("link", { name: "Mei Tanaka" }).click();
      await page.waitForURL(/judging\/mei-tanaka\.html/);
      await expect.poll(() => progress(page)).toBe("0 of 50 projects scored");
      expect(await page.getByText("Page 1 of 2: projects 1–40 of 50.").isVisible()).toBe(true);
      expect(await shown(page)).toBe(pages[0]![0]);
      await score(page, [5, 4, 4, 5]);

      // Page 2 by its link: the same judge's scores, counted over both pages.
      await page
        .getByRole("navigation", { name: "Pages" })
        .getByRole("link", { name: "2", exact: true })
        .click();
      await page.waitForURL(new RegExp(PAGE_2));
      await expect.poll(() => progress(page)).toBe("1 of 50 projects scored, saved on this device");
      expect(await shown(page)).toBe(pages[1]![0]);
      expect(await page.locator("li.judge-project:visible .note").first().textContent()).toBe(
        "Project 41 of 50",
      );
      await score(page, [1, 2, 3, 4]);
      await expect.poll(() => progress(page)).toBe("2 of 50 projects scored, saved on this device");
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
      await page.screenshot({ path: `${SCREENSHOTS}/judging-page-2-scored-${width}.png`, fullPage: true });

      await page.reload();
      expect(await shown(page)).toBe(pages[1]![0]);
      await expect.poll(() => progress(page)).toBe("2 of 50 projects scored, saved on this device");
      expect(await checked(page)).toEqual([1, 2, 3, 4]);
      // Previous from a page's first project is the page before's last.
      await page.getByRole("button", { name: "← Previous" }).click();
      await page.waitForURL(new RegExp(`mei-tanaka\\.html#project=${pages[0]![39]}$`));
      expect(await shown(page)).toBe(pages[0]![39]);
      // And Next from there is page 2's first again.
      await page.getByRole("button", { name: "Next project →" }).click();
      await page.waitForURL(new RegExp(`${PAGE_2}#project=${pages[1]![0]}$`));
      expect(await checked(page)).toEqual([1, 2, 3, 4]);
      // An address naming a project of page 1, opened on page 2, goes to page 1 and shows it.
      await page.goto(`${site}${PAGE_2}#project=${pages[0]![0]}`);
      await page.waitForURL(new RegExp(`mei-tanaka\\.html#project=${pages[0]![0]}$`));
      expect(await shown(page)).toBe(pages[0]![0]);
      expect(await checked(page)).toEqual([5, 4, 4, 5]);
      await page.screenshot({ path: `${SCREENSHOTS}/judging-page-1-reloaded-${width}.png`, fullPage: true });

      // The file from page 1 holds page 2's score too.
      const file = await download(page);
      expect(file.name).toBe("scores-mei-tanaka.json");
      const scores = JSON.parse(file.text).scores;
      expect(Object.keys(scores).sort()).toEqual([pages[0]![0], pages[1]![0]].sort());
      expect(scores[pages[1]![0]!]).toEqual({
        "Technical depth": 1,
        "Works on the day": 2,
        Usefulness: 3,
        Openness: 4,
      });
      // The index offers the judge their page again, at the project they were last on: the first
      // page finds the page it is on.
      await page.goto(site + PAGE_2);
      expect(await shown(page)).toBe(pages[1]![1]);
      await page.goto(site + "judging/");
      await page.getByRole("link", { name: "Go on as Mei Tanaka →" }).click();
      await page.waitForURL(new RegExp(`${PAGE_2}#project=${pages[1]![1]}$`));
      expect(await shown(page)).toBe(pages[1]![1]);
      expect(problems).toEqual([]);
      await page.context().close();

      // Another device: the file opened on page 2 brings both pages' scores.
      const fresh = await open(width, PAGE_2);
      await expect.poll(() => progress(fresh.page)).toBe("0 of 50 projects scored");
      await fresh.page
        .getByLabel("Open a file")
        .setInputFiles({ name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text) });
      // It goes on at the first project not scored, on page 1: the message links to it.
      await expect
        .poll(() => fresh.page.locator("[data-open-status]").textContent())
        .toBe(
          `Opened ${file.name}: scores for 2 of your projects. Go on where you left off: project 2, on page 1.`,
        );
      await expect.poll(() => progress(fresh.page)).toBe("2 of 50 projects scored, saved on this device");
      expect(await shown(fresh.page)).toBe(pages[1]![1]);
      await fresh.page.screenshot({
        path: `${SCREENSHOTS}/judging-page-2-opened-${width}.png`,
        fullPage: true,
      });
      await fresh.page.getByRole("link", { name: "project 2, on page 1" }).click();
      await fresh.page.waitForURL(new RegExp(`mei-tanaka\\.html#project=${pages[0]![1]}$`));
      expect(await shown(fresh.page)).toBe(pages[0]![1]);
      await score(fresh.page, [3, 3, 3, 3]);
      await expect.poll(() => progress(fresh.page)).toBe("3 of 50 projects scored, saved on this device");
      expect(Object.keys(JSON.parse((await download(fresh.page)).text).scores)).toHaveLength(3);
      expect(fresh.problems).toEqual([]);
      await fresh.page.context().close();
    },
  );

  it("loads no more than 300 KB to show a page, and fetches the judge's list only when it needs another page's projects", async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 900 } });
    // Requests are kept and their sizes asked for while the page is open: a handler that
    // awaited sizes itself could run after the page closed and reject unhandled.
    const finished: Request[] = [];
    page.on("requestfinished", (request) => finished.push(request));
    await page.goto(site + PAGE_2, { waitUntil: "networkidle" });
    await score(page, [2, 2, 2, 2]);
    await page.getByRole("button", { name: "Next project →" }).click();
    await expect.poll(() => progress(page)).toBe("1 of 50 projects scored, saved on this device");
    // What came over the wire (a file the browser has is a 304 with no body).
    const loaded = await Promise.all(
      finished.map(async (request) => ({
        url: request.url(),
        bytes: (await request.sizes()).responseBodySize,
      })),
    );
    // Chromium sometimes asks for the icon twice.
    expect([...new Set(loaded.map((l) => new URL(l.url).pathname.split("/").pop()))].sort()).toEqual([
      "2.html",
      "event.css",
      "favicon.svg",
      "judging.js",
      "site.css",
      "site.js",
    ]);
    expect(loaded.reduce((sum, l) => sum + l.bytes, 0)).toBeLessThanOrEqual(300 * 1024);
    // An address naming a project of page 1: the list says where it is.
    await page.evaluate((slug) => (location.hash = `#project=${slug}`), pages[0]![5]!);
    await page.waitForURL(new RegExp(`mei-tanaka\\.html#project=${pages[0]![5]}$`));
    await expect
      .poll(() => finished.map((r) => new URL(r.url()).pathname))
      .toContain("/judging/mei-tanaka/projects.json");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("says where to go on when every project of a page is scored, and when all are", async () => {
    const { page, problems } = await open(390, PAGE_2);
    const all = (slugs: string[]) =>
      Object.fromEntries(
        slugs.map((slug) => [slug, Object.fromEntries(EXAMPLE_CRITERIA.map((c) => [c, 3]))]),
      );
    const file = (scores: object) =>
      JSON.stringify({
        format: "hackathon-registry scores 1",
        event: "Physical AI Sprint 2026",
        judge: "Mei Tanaka",
        scale: 5,
        scores,
      });
    await page.getByLabel(/Or paste/).fill(file(all(pages[1]!)));
    await page.getByRole("button", { name: "Open pasted text" }).click();
    await expect
      .poll(() => progress(page))
      .toBe(
        "10 of 50 projects scored, saved on this device. Every project on this page is: go on at project 1, on page 1.",
      );
    await page.getByLabel(/Or paste/).fill(file(all([...pages[0]!, ...pages[1]!])));
    await page.getByRole("button", { name: "Open pasted text" }).click();
    await expect
      .poll(() => progress(page))
      .toBe("All 50 projects scored: send the organiser your score file.");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(WIDTHS)(
    "at %i px: passes axe-core on page 2 with a project scored and its list open",
    async (width) => {
      const { page } = await watchedPage(browser, { viewport: { width, height: 900 }, bypassCSP: true });
      await page.goto(site + PAGE_2);
      await score(page, [4, 4, 4, 4]);
      await page.locator("details summary").click();
      // The list is made when it opens (a toggle event, after the click).
      await expect.poll(() => page.locator("[data-overview] li").count()).toBe(10);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/judging-page-2-list-${width}.png`, fullPage: true });
      await page.context().close();
    },
  );

  it("without JavaScript, lists the page's projects and links the judge's other pages", async () => {
    const { page } = await watchedPage(browser, {
      viewport: { width: 390, height: 900 },
      javaScriptEnabled: false,
    });
    await page.goto(site + "judging/mei-tanaka.html");
    expect(await page.locator("li.judge-project:visible").count()).toBe(40);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(new RegExp(PAGE_2));
    expect(await page.locator("li.judge-project:visible").count()).toBe(10);
    expect(await page.getByText(/Scoring on this page needs JavaScript/).isVisible()).toBe(true);
    await page.context().close();
  });
});
