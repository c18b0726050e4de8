import { appendFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The site's way in (issue 48) in Chromium at phone and desktop widths: the home page's one call to
 * action in each phase, picked by the reader's clock from the deadlines in the page (registration
 * Sat 5 Dec 12:00 CET, submissions Sun 6 Dec 14:00 CET), each leading to its GitHub form; the empty
 * lists' way to be the first; and a build with no repository, which links no form and shows
 * visitors no setup. Screenshots go to /tmp/shots/wayin-*.png.
 */
const SHOTS = "/tmp/shots";
const WIDTHS = [390, 1280];
const REPO = "https://github.com/org/sprint";
const PHASES = {
  register: [
    "2026-12-03T10:00:00+01:00",
    "Register your team",
    `${REPO}/issues/new?template=register-team.yml`,
  ],
  submit: [
    "2026-12-06T10:48:00+01:00",
    "Submit your project",
    `${REPO}/issues/new?template=submit-project.yml`,
  ],
  over: ["2026-12-06T14:30:00+01:00", "Browse 10 projects", "projects/"],
} as const;

let browser: Browser;
const servers: Server[] = [];
let site: string;
let judged: string;
let empty: string;
let bare: string;

async function serve(prepare: (root: string) => Promise<void>): Promise<string> {
  const root = await exampleRoot();
  await prepare(root);
  const served = await serveBuilt(root);
  servers.push(served.server);
  return served.url;
}

beforeAll(async () => {
  const withRepository = (root: string) =>
    appendFile(join(root, "records/event.yaml"), "repository: org/sprint\n");
  site = await serve(withRepository);
  judged = await serve(async (root) => {
    await withRepository(root);
    await appendFile(
      join(root, "records/event.yaml"),
      "awards:\n  - name: Best demo\n    projects: [soft-grasp]\n",
    );
  });
  // No team and no project yet (the sample's extension names a team, so it goes too).
  empty = await serve(async (root) => {
    await withRepository(root);
    await rm(join(root, "records/teams"), { recursive: true });
    await rm(join(root, "records/projects"), { recursive: true });
    const event = await readFile(join(root, "records/event.yaml"), "utf8");
    await writeFile(join(root, "records/event.yaml"), event.replace(/  extensions:\n(?: {4}.*\n)+/, ""));
  });
  bare = await serve(async () => {});
  browser = await launchChromium();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function open(url: string, at: string, options: BrowserContextOptions = {}) {
  const watched = await watchedPage(browser, options, async (context) => {
    await context.clock.install({ time: new Date(at) });
    // github.com is not reachable here: a stand-in answers, so a test sees where a link lands.
    await context.route("https://github.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>GitHub stand-in</title>" }),
    );
  });
  await watched.page.goto(url, { waitUntil: "networkidle" });
  return watched;
}

/** The way in's primary buttons and notes a reader sees. */
const seen = async (page: Page) => ({
  primary: await page.locator(".way-in a.button:not(.secondary):visible").allInnerTexts(),
  notes: (await page.locator(".way-in .note:visible").allInnerTexts()).map((n) =>
    n.split(" ").slice(0, 3).join(" "),
  ),
});

/** How far the page runs past the screen's right edge (0 or less when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("the home page's call to action", () => {
  it.each(Object.entries(PHASES))(
    "in the %s phase is one button, leading to its place, at 390 and 1280 px",
    async (phase, [at, label, target]) => {
      for (const width of WIDTHS) {
        const { page, problems } = await open(site, at, { viewport: { width, height: 900 } });
        const where = `${phase} at ${width}px`;
        const shown = await seen(page);
        expect(shown.primary, where).toEqual([label]);
        expect(shown.notes, where).toEqual(
          phase === "register"
            ? ["Register your team", "Signing up for"]
            : phase === "submit"
              ? ["Submit your project"]
              : [],
        );
        expect(await overflow(page), where).toBeLessThanOrEqual(0);
        await page.locator(".hero").screenshot({ path: `${SHOTS}/wayin-home-${phase}-${width}.png` });
        await page.getByRole("link", { name: label, exact: true }).click();
        await page.waitForURL(target.startsWith("https:") ? target : site + target);
        expect(problems, where).toEqual([]);
        await page.context().close();
      }
    },
  );

  it("turns from registering to submitting when registration closes, in the open page", async () => {
    const { page, problems } = await open(site, "2026-12-05T11:59:00+01:00");
    const buttons = () => page.locator(".way-in .actions a:visible").allInnerTexts();
    const recruiting = () =>
      Promise.all([
        page.getByRole("heading", { name: "Teams looking for members" }).isVisible(),
        page.getByRole("link", { name: /teams recruiting/ }).isVisible(),
      ]);
    expect((await seen(page)).primary).toEqual(["Register your team"]);
    expect(await buttons()).toEqual(["Register your team", "Browse 10 projects", "Find a team"]);
    expect(await recruiting()).toEqual([true, true]);
    await page.clock.runFor(75_000);
    expect((await seen(page)).primary).toEqual(["Submit your project"]);
    // Registration closed: no team to join any more (review of issue 57), nor recruiting teams shown.
    expect(await buttons()).toEqual(["Submit your project", "Browse 10 projects"]);
    expect(await recruiting()).toEqual([false, false]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("leads to the winners once awards are set", async () => {
    for (const width of WIDTHS) {
      const { page, problems } = await open(judged, PHASES.register[0], { viewport: { width, height: 900 } });
      expect((await seen(page)).primary).toEqual(["See the winners"]);
      await page.locator(".hero").screenshot({ path: `${SHOTS}/wayin-home-winners-${width}.png` });
      await page.locator(".way-in").getByRole("link", { name: "See the winners" }).click();
      await page.waitForURL(`${judged}#winners`);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("without JavaScript shows every step with its deadline, so the reader picks by the date", async () => {
    const { page } = await open(site, PHASES.submit[0], {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 900 },
    });
    expect((await seen(page)).primary).toEqual(["Register your team", "Submit your project"]);
    expect(await page.locator(".way-in .note:visible time").allInnerTexts()).toEqual([
      "Sat 5 Dec 2026, 12:00 CET",
      "Sun 6 Dec 2026, 14:00 CET",
    ]);
    await page.locator(".hero").screenshot({ path: `${SHOTS}/wayin-home-nojs-390.png` });
    await page.context().close();
  });

  it("with no repository links no form and tells the visitor no setup (the organiser's build warns)", async () => {
    const { page, problems } = await open(bare, PHASES.register[0], {
      viewport: { width: 390, height: 900 },
    });
    expect((await seen(page)).primary).toEqual([]);
    expect(await page.locator(".way-in .note:visible").first().innerText()).toBe(
      "Register your team until Sat 5 Dec 2026, 12:00 CET: Register a team in the handbook shows how.",
    );
    expect(await page.locator("main").innerText()).not.toMatch(/owner\/name|records\/event\.yaml/);
    expect(await page.locator('a[href*="issues/new"]').count()).toBe(0);
    await page.locator(".hero").screenshot({ path: `${SHOTS}/wayin-home-no-repository-390.png` });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("a new edition's empty home page", () => {
  it("offers registering, and no projects to browse or team to find before there are any", async () => {
    const { page, problems } = await open(empty, PHASES.register[0], {
      viewport: { width: 390, height: 900 },
    });
    expect(await page.locator(".way-in .actions a:visible").allInnerTexts()).toEqual(["Register your team"]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("an empty list", () => {
  it.each([
    ["teams/", "register your team with the team form", "register-team.yml", "Register a team"],
    ["projects/", "submit your project with the project form", "submit-project.yml", "Submit a project"],
  ])(
    "%s says how to be the first: the form and the handbook's chapter",
    async (path, form, template, chapter) => {
      for (const width of WIDTHS) {
        const { page, problems } = await open(empty + path, PHASES.register[0], {
          viewport: { width, height: 700 },
        });
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/wayin-empty-${path.slice(0, -1)}-${width}.png` });
        await page.getByRole("link", { name: chapter, exact: true }).click();
        await expect.poll(() => page.locator("h1").innerText()).toBe(chapter);
        await page.goBack({ waitUntil: "networkidle" });
        await page.getByRole("link", { name: form }).click();
        await page.waitForURL(`${REPO}/issues/new?template=${template}`);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    },
  );
});

describe("the handbook", () => {
  it("leads from its words to the team form and the teams folder on GitHub", async () => {
    const { page, problems } = await open(`${site}handbook/register-a-team.html`, PHASES.register[0], {
      viewport: { width: 390, height: 900 },
    });
    await page.getByRole("link", { name: "the team form" }).click();
    await page.waitForURL(`${REPO}/issues/new?template=register-team.yml`);
    await page.goBack({ waitUntil: "networkidle" });
    await page.getByRole("link", { name: "records/teams/" }).click();
    await page.waitForURL(`${REPO}/tree/main/records/teams/`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
