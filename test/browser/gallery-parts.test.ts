import { readFile, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../generator/serve/start-server.ts";
import { buildSite } from "../helpers/build-site.ts";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";

/**
 * The gallery's search reads parts named by their bytes' hash (search-index.ts). A reader whose page
 * outlived a deploy holds an index that names parts the new build removed: the search fetches the
 * index again, fresh, and shows the new cards. Parts that stay missing give the served pages back,
 * with a line that says why.
 */
let browser: Browser;
let server: Server;
let site: string;
let root: string;
let out: string;

beforeAll(async () => {
  root = await exampleRoot();
  out = join(await tempDir(), "dist");
  ({ server, url: site } = await startServer({ root: out, port: 0, basePath: "/" }));
  await buildSite(root, site, out);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await watched.page.goto(`${site}projects/`, { waitUntil: "networkidle" });
  return watched;
}
const count = (page: Page) => page.locator("#count").innerText();
const search = (page: Page) => page.getByRole("searchbox", { name: "Search" });

describe("the gallery's search parts", () => {
  it("are fetched again with a fresh index when a newer build replaced them under an open page", async () => {
    const { page, problems } = await open();
    await search(page).fill("stairs");
    await expect.poll(() => count(page)).toBe("1 of 10 projects matches.");
    // A deploy while the page is open: the card's file and the shard of "quokka" get new names.
    const file = join(root, "records/projects/stair-climber.yaml");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace("venue's stairs.", "venue's stairs, quokka."),
    );
    await buildSite(root, site, out);
    await search(page).fill("quokka");
    // The index in the page names the shard "quokka" would be in and the cards' file by their
    // former names; the new ones are found, and the new card shown.
    await expect.poll(() => page.locator("#list").innerText()).toContain("stairs, quokka.");
    expect(await count(page)).toBe("1 of 10 projects matches.");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("that stay missing give the served pages back, saying search is unavailable", async () => {
    const { page, problems } = await open();
    await page.route("**/search/projects/cards-*", (route) => route.fulfill({ status: 404, body: "" }));
    const served = await page.locator("#list > [data-slug]").count();
    await search(page).fill("grasp");
    await expect
      .poll(() => count(page))
      .toBe("Search is unavailable right now; every project is on the pages below.");
    expect(await page.locator("#list > [data-slug]").count()).toBe(served);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
