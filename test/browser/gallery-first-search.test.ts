import { utimes } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { build } from "../../generator/pipeline.ts";
import { startServer } from "../../generator/serve/start-server.ts";

/**
 * Issue 40's first search at 10,000 projects (with 1,000 teams, which the gallery does not read):
 * what the gallery fetches for it, each response gzipped at level 6 as GitHub Pages sends it, stays
 * within 300 KB, for a word, and for newest first, whose first 48 cards are each in a different file
 * of cards: the records' times are scattered across the A–Z order (the build dates records by their
 * files' times when it has no SOURCE_DATE_EPOCH).
 */
const PROJECTS = 10_000;
const LIMIT = 300 * 1024;

let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 1000, projects: PROJECTS });
  const day = Date.parse("2026-12-06T12:00:00Z") / 1000;
  for (let i = 0; i < PROJECTS; i++) {
    const time = day + ((i * 7919) % PROJECTS) * 60;
    await utimes(join(root, `records/projects/project-${i}.yaml`), time, time);
  }
  const out = join(await tempDir(), "dist");
  ({ server, url: site } = await startServer({ root: out, port: 0, basePath: "/" }));
  const built = await build({ root, outDir: out, baseUrl: site, env: {} });
  if (!built.ok) throw new Error(JSON.stringify(built.diagnostics.slice(0, 3)));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The gallery's first page, one change to its form: what it fetched, gzipped, and the count line. */
async function firstUse(
  address: string,
  change: (form: import("playwright-core").Locator) => Promise<unknown>,
) {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(site + address, { waitUntil: "networkidle" });
  const sizes: Array<Promise<number>> = [];
  const measure = (response: import("playwright-core").Response) => {
    if (response.request().resourceType() === "fetch")
      sizes.push(response.body().then((body) => gzipSync(body, { level: 6 }).length));
  };
  page.on("response", measure);
  const before = await page.locator("#count").innerText();
  await change(page.getByRole("search", { name: "Find projects" }));
  // The count changes once the cards are shown, which is after every file they are in came.
  await expect.poll(() => page.locator("#count").innerText()).not.toBe(before);
  // A body asked for after the page closed would reject with nobody awaiting it.
  page.off("response", measure);
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  const cards = await page.locator("#list > [data-slug]").count();
  const count = await page.locator("#count").innerText();
  expect(problems).toEqual([]);
  await page.context().close();
  return { bytes, cards, count, requests: sizes.length };
}

describe(`the first search of a ${PROJECTS.toLocaleString("en")}-project gallery`, () => {
  it("fetches at most 300 KB gzip for a word", async () => {
    const found = await firstUse("projects/", (form) => form.getByLabel("Search").fill("gripper"));
    expect(found.count).toMatch(new RegExp(` of ${PROJECTS} projects match\\.$`));
    expect(found.cards).toBe(48);
    expect(found.bytes).toBeLessThanOrEqual(LIMIT);
  });

  it("fetches at most 300 KB gzip for newest first, whose 48 cards are in 48 files", async () => {
    const found = await firstUse("projects/", (form) =>
      form.getByLabel("Sort").selectOption({ label: "Newest" }),
    );
    expect(found.count).toBe(`${PROJECTS} projects, newest first.`);
    expect(found.cards).toBe(48);
    // The index and 48 files of cards.
    expect(found.requests).toBe(49);
    expect(found.bytes).toBeLessThanOrEqual(LIMIT);
  });
});
