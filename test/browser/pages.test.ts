import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot, REPO } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";
import { seriousViolations } from "../helpers/page-checks.ts";

/**
 * The example site in Debian's Chromium, as a visitor uses it: pages open, links lead where they
 * say, the lists work without JavaScript, every page kind (and the filtered lists) passes axe-core,
 * and screenshots at phone and desktop widths are saved under test-results/screenshots/.
 */
const SCREENSHOTS = `${REPO}test-results/screenshots`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PAGE_KINDS: ReadonlyArray<[string, string]> = [
  ["home", ""],
  ["team-list", "teams/"],
  ["team", "teams/open-arms.html"],
  ["project-list", "projects/"],
  ["project", "projects/soft-grasp.html"],
  ["handbook-index", "handbook/"],
  ["handbook", "handbook/register-a-team.html"],
  ["project-list-filtered", "projects/?track=sim&q=a"],
  ["team-list-filtered", "teams/?looking=1"],
  ["developers", "developers.html"],
  ["not-found", "teams/nobody.html"],
];

let browser: Browser;
let server: Server;
let site: string;
let projects: Array<{ slug: string; track: string | null; robots: string[] }>;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(await exampleRoot()));
  projects = ((await (await fetch(`${site}api/projects.json`)).json()) as { data: typeof projects }).data;
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A page that fails the test on any script error or Content-Security-Policy report. */
async function open(
  path: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, options);
  await watched.page.goto(site + path, { waitUntil: "networkidle" });
  return watched;
}

describe("a visitor", () => {
  it("goes from the home page to a team, its project and back, then to the developer guide", async () => {
    const { page, problems } = await open("");
    expect(await page.locator("h1").innerText()).toBe("Physical AI Sprint 2026");
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Teams" }).click();
    await page.waitForURL(`${site}teams/`);
    await page.getByRole("link", { name: "Gripper Gang" }).first().click();
    await page.waitForURL(`${site}teams/gripper-gang.html`);
    expect(await page.locator("h1").innerText()).toBe("Gripper Gang");
    await page.locator("#projects + ul").getByRole("link", { name: "Soft Grasp" }).click();
    await page.waitForURL(`${site}projects/soft-grasp.html`);
    expect(await page.locator("h1").innerText()).toBe("Soft Grasp");
    expect(await page.locator(".description em").innerText()).toBe("learned");
    await page.getByRole("link", { name: "Gripper Gang" }).click();
    await page.waitForURL(`${site}teams/gripper-gang.html`);
    await page.getByRole("link", { name: "Developers" }).click();
    await page.waitForURL(`${site}developers.html`);
    expect(await page.locator("h1").innerText()).toBe("Developer guide");
    await page.getByRole("link", { name: "/api/projects.json" }).first().click();
    await page.waitForURL(`${site}api/projects.json`);
    expect(JSON.parse(await page.locator("body").innerText()).object).toBe("list");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("reads the handbook chapter by chapter", async () => {
    const { page } = await open("handbook/");
    await page.getByRole("link", { name: "Event rules" }).click();
    await page.getByRole("link", { name: "Register a team →" }).click();
    await page.waitForURL(`${site}handbook/register-a-team.html`);
    await page.getByRole("link", { name: "submit a project", exact: true }).click();
    await page.waitForURL(`${site}handbook/submit-a-project.html`);
    expect(await page.locator("article h1").innerText()).toBe("Submit a project");
    await page.context().close();
  });

  it("finds the teams that know C++ by typing c++, not every team with a word beginning with c", async () => {
    const { page, problems } = await open("teams/");
    await page.getByRole("search", { name: "Find teams" }).getByLabel("Search").fill("c++");
    const found = () =>
      page
        .locator("#list > [data-slug]")
        .evaluateAll((items) => items.map((c) => c.getAttribute("data-slug")));
    await expect.poll(found).toEqual(["line-followers", "quad-squad", "warehouse-wizards"]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("c++");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("sees every project without JavaScript, and no filter that cannot work", async () => {
    const { page } = await open("projects/", { javaScriptEnabled: false });
    expect(await page.locator("#list [data-slug]:visible").count()).toBe(projects.length);
    expect(await page.locator("#filter").isVisible()).toBe(false);
    await page.context().close();
  });
});

describe("an address that is not there", () => {
  it("shows people the site's own not-found page at 390 and 1280 px, and programs JSON under /api/", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const response = await page.goto(`${site}nope`);
      expect(response?.status()).toBe(404);
      expect(await page.title()).toBe("Page not found · Physical AI Sprint 2026");
      const shown = await page.evaluate(() => ({
        // The JSON around the page takes no space; the site's header and its styles do.
        body: getComputedStyle(document.body).fontSize,
        main: getComputedStyle(document.querySelector("main")!).fontSize,
        header: getComputedStyle(document.querySelector("header.site-header")!).display,
        nav: [...document.querySelectorAll("nav a")].map((a) => a.textContent),
        styled: [...document.styleSheets].some((sheet) => (sheet.href ?? "").includes("assets/site.css")),
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(shown).toEqual({
        body: "0px",
        main: "16px",
        header: "block",
        nav: ["Teams", "Projects", "Handbook", "Developers"],
        styled: true,
        overflow: 0,
      });
      await expect.poll(() => page.locator("[data-asked]").innerText()).toBe("There is no page at /nope.");
      await page.getByRole("link", { name: "Projects", exact: true }).first().click();
      await page.waitForURL(`${site}projects/`);
      const api = await page.goto(`${site}api/nope`);
      expect([api?.status(), api?.headers()["content-type"]]).toEqual([
        404,
        "application/json; charset=utf-8",
      ]);
      expect(JSON.parse(await api!.text())).toMatchObject({ object: "error", code: "not_found" });
      await context.close();
    }
  });
});

describe("every page kind", () => {
  it.each(PAGE_KINDS)(
    "%s: fits a phone without sideways scrolling; screenshots at phone and desktop widths",
    async (name, path) => {
      for (const viewport of [PHONE, DESKTOP]) {
        const { page, problems } = await open(path, { viewport });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${viewport.width}px`).toBeLessThanOrEqual(0);
        // Nor does anything run off the screen outside a region that scrolls (code, wide tables), and
        // no button or field is squeezed narrower than its text.
        const cramped = await page.evaluate(() => {
          const scrolls = (el: Element) => {
            for (let at = el.parentElement; at && at.tagName !== "MAIN"; at = at.parentElement)
              if (getComputedStyle(at).overflowX !== "visible") return true;
            return false;
          };
          return [...document.querySelectorAll("main *")]
            .filter(
              (el) =>
                (!scrolls(el) && el.getBoundingClientRect().right > window.innerWidth + 0.5) ||
                (el.matches("button, .button, select") && el.scrollWidth > el.clientWidth + 1),
            )
            .map((el) => `${el.tagName}.${el.className}`);
        });
        expect(cramped, `${name} at ${viewport.width}px`).toEqual([]);
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${viewport.width}.png`, fullPage: true });
        expect(problems).toEqual([]);
        await page.context().close();
      }
    },
  );

  it.each(PAGE_KINDS)(
    "%s: axe-core finds no serious or critical accessibility violation",
    async (_name, path) => {
      // axe is injected as an inline script, which the pages' own policy rightly forbids.
      const { page } = await open(path, { bypassCSP: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
