import { appendFile, mkdir, utimes } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../generator/pipeline.ts";
import { startServer } from "../../generator/serve/start-server.ts";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot, REPO, tempDir } from "../helpers/fixture-root.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";

/**
 * The example event's gallery after judging, in Chromium at phone and desktop widths: a project is
 * found by its team's name or a GitHub handle, the gallery sorts (kept in the address), an empty
 * result offers a way back, and a project without an image shows its generated cover. The records
 * are dated by their files' times (the build has no SOURCE_DATE_EPOCH), so "newest" has an order.
 */
const SCREENSHOTS = `${REPO}test-results/screenshots`;
const WIDTHS = [390, 1280];
// Oldest to newest record.
const BY_AGE = ["touch-skin", "cable-tidy", "warehouse-twin", "soft-grasp", "lane-keeper", "teleop-dataset"];
const A_TO_Z = [
  "cable-tidy",
  "domain-randomiser",
  "lane-keeper",
  "shelf-scout",
  "soft-grasp",
  "stair-climber",
  "swarm-lights",
  "teleop-dataset",
  "touch-skin",
  "warehouse-twin",
];

let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  const root = await exampleRoot();
  await appendFile(
    join(root, "records/event.yaml"),
    `awards:
  - name: Best hardware demo
    projects: [touch-skin]
  - name: Audience award
    projects: [swarm-lights, soft-grasp]
`,
  );
  // Every record a day old, then these newer in turn.
  const day = Date.parse("2026-12-06T12:00:00Z") / 1000;
  for (const slug of A_TO_Z) await utimes(join(root, `records/projects/${slug}.yaml`), day, day);
  for (const [i, slug] of BY_AGE.entries())
    await utimes(join(root, `records/projects/${slug}.yaml`), day + 3600 * (i + 1), day + 3600 * (i + 1));
  const out = join(await tempDir(), "dist");
  const served = await startServer({ root: out, port: 0, basePath: "/" });
  ({ server, url: site } = served);
  // No SOURCE_DATE_EPOCH: it would date every record outside git alike.
  const built = await build({ root, outDir: out, baseUrl: site, env: {} });
  if (!built.ok) throw new Error(JSON.stringify(built.diagnostics));
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string, width: number, options = {}) {
  const watched = await watchedPage(browser, { viewport: { width, height: 900 }, ...options });
  await watched.page.goto(site + path, { waitUntil: "networkidle" });
  return watched;
}

const cards = (page: Page) =>
  page.locator("#list > [data-slug]").evaluateAll((items) => items.map((c) => c.getAttribute("data-slug")));
const count = (page: Page) => page.locator("#count").innerText();
const form = (page: Page) => page.getByRole("search", { name: "Find projects" });

describe.each(WIDTHS)("the gallery at %i px", (width) => {
  it("finds a project by its team's name and by a GitHub handle, and each card names its team", async () => {
    const { page, problems } = await open("projects/", width);
    expect(await page.locator('[data-slug="soft-grasp"] .by').innerText()).toBe("by Gripper Gang");
    expect(await page.locator('[data-slug="cable-tidy"] .by').innerText()).toBe("by Jun Park");
    await form(page).getByLabel("Search").fill("gripper gang");
    await expect.poll(() => count(page)).toBe("1 of 10 projects matches.");
    expect(await cards(page)).toEqual(["soft-grasp"]);
    await form(page).getByLabel("Search").fill("@jweber");
    await expect.poll(() => cards(page)).toEqual(["lane-keeper"]);
    await form(page).getByLabel("Search").fill("jweber");
    await expect.poll(() => cards(page)).toEqual(["lane-keeper"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("jweber");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("sorts newest first and winners first, the sort kept in the address", async () => {
    const { page, problems } = await open("projects/", width);
    expect(await cards(page)).toEqual(A_TO_Z);
    await form(page).getByLabel("Sort").selectOption({ label: "Newest" });
    const newest = [...BY_AGE].reverse();
    await expect.poll(() => cards(page)).toEqual([...newest, ...A_TO_Z.filter((s) => !newest.includes(s))]);
    expect(await count(page)).toBe("10 projects, newest first.");
    expect(new URL(page.url()).search).toBe("?sort=newest");
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => cards(page)).toEqual([...newest, ...A_TO_Z.filter((s) => !newest.includes(s))]);
    expect(await form(page).getByLabel("Sort").inputValue()).toBe("=newest");

    await form(page).getByLabel("Sort").selectOption({ label: "Winners first" });
    const winners = ["touch-skin", "soft-grasp", "swarm-lights"];
    await expect.poll(() => cards(page)).toEqual([...winners, ...A_TO_Z.filter((s) => !winners.includes(s))]);
    // A filter keeps the sort: the hardware projects, winners first.
    await form(page).getByLabel("Track").selectOption({ label: "Hardware" });
    await expect.poll(() => cards(page)).toEqual(["touch-skin", "lane-keeper", "shelf-scout"]);
    expect(new URL(page.url()).searchParams.toString()).toBe("track=hardware&sort=winners");
    await form(page).getByLabel("Track").selectOption({ label: "All tracks" });
    await form(page).getByLabel("Sort").selectOption({ label: "A–Z" });
    await expect.poll(() => cards(page)).toEqual(A_TO_Z);
    expect(await count(page)).toBe("10 projects submitted.");
    expect(new URL(page.url()).search).toBe("");
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    await page.screenshot({ path: `${SCREENSHOTS}/gallery-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("offers to clear the filters when nothing matches, keeping the sort", async () => {
    const { page, problems } = await open("projects/?sort=newest&robot=TurtleBot+4&q=swarm", width);
    await expect.poll(() => count(page)).toBe("0 of 10 projects match.");
    expect(await cards(page)).toEqual([]);
    const clear = page.getByRole("button", { name: "Clear filters" });
    expect(await clear.isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    await page.screenshot({ path: `${SCREENSHOTS}/gallery-empty-${width}.png`, fullPage: true });
    await clear.click();
    await expect.poll(() => count(page)).toBe("10 projects, newest first.");
    expect((await cards(page)).length).toBe(10);
    expect(new URL(page.url()).search).toBe("?sort=newest");
    expect(await form(page).getByLabel("Search").inputValue()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("q");
    expect(await clear.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("offers to clear the filters whenever one is set, not for a sort alone", async () => {
    const { page, problems } = await open("projects/?track=hardware", width);
    await expect.poll(() => count(page)).toBe("3 of 10 projects match.");
    const clear = page.getByRole("button", { name: "Clear filters" });
    expect(await clear.isVisible()).toBe(true);
    await form(page).getByLabel("Sort").selectOption({ label: "Newest" });
    await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe("track=hardware&sort=newest");
    await clear.click();
    await expect.poll(() => count(page)).toBe("10 projects, newest first.");
    expect(await clear.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("takes no sort from the address that the page does not offer", async () => {
    for (const sort of ["constructor", "__proto__", "toString"]) {
      const { page, problems } = await open(`projects/?sort=${sort}`, width);
      await expect.poll(() => cards(page)).toHaveLength(10);
      expect(await count(page)).not.toMatch(/function|object|native/i);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("filters by a built-with tag, and takes one the list does not offer from the address", async () => {
    const { page, problems } = await open("projects/", width);
    await form(page).getByLabel("Built with").selectOption({ label: "ROS 2" });
    await expect.poll(() => cards(page)).toEqual(["lane-keeper", "shelf-scout"]);
    expect(new URL(page.url()).search).toBe("?built=ROS+2");
    await page.goto(`${site}projects/?built=Fortran+77`, { waitUntil: "networkidle" });
    await expect.poll(() => count(page)).toBe("0 of 10 projects match.");
    expect(await form(page).getByLabel("Built with").inputValue()).toBe("=Fortran 77");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("gives a project without an image a cover of its initials on its track's colour", async () => {
    const { page, problems } = await open("projects/", width);
    const cover = (slug: string) =>
      page.locator(`[data-slug="${slug}"] .thumb`).evaluate((thumb) => ({
        initials: getComputedStyle(thumb, "::before").content,
        colour: getComputedStyle(thumb).backgroundColor,
        images: thumb.querySelectorAll("img").length,
      }));
    // Simulation is the first track (blue), no track is grey, Sim-to-real the third (magenta).
    expect(await cover("cable-tidy")).toEqual({ initials: '"CT"', colour: "rgb(11, 92, 173)", images: 0 });
    expect(await cover("domain-randomiser")).toEqual({
      initials: '"DR"',
      colour: "rgb(11, 92, 173)",
      images: 0,
    });
    expect(await cover("teleop-dataset")).toEqual({ initials: '"TD"', colour: "rgb(74, 83, 96)", images: 0 });
    expect((await cover("soft-grasp")).images).toBe(1);
    expect(await page.locator("#list").innerText()).not.toContain("No image");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the gallery's controls", () => {
  it.each(
    WIDTHS.flatMap((width) => [
      ["sorted", "projects/?sort=winners", width] as const,
      ["empty", "projects/?q=nothing-matches-this", width] as const,
    ]),
  )("pass axe-core when %s (%s), at %i px", async (_name, path, width) => {
    // axe is injected as an inline script, which the page's own policy rightly forbids.
    const { page } = await open(path, width, { bypassCSP: true });
    await expect.poll(() => count(page)).toMatch(/winners first|0 of 10/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
