import type { Server } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * A large event (2,000 projects, 600 teams: 42 and 13 pages) in Chromium: any project is two
 * interactions away, filters and search match the API and live in the address, the search reads a
 * small index and the parts it needs (not the megabytes of the API's lists), and without
 * JavaScript every record is still on the numbered pages. A search finds the words that begin with
 * each of its words: "grip" finds "gripper", "ripper" does not.
 */
const PROJECTS = 2000;
const TEAMS = 600;

interface Project {
  slug: string;
  title: string;
  tagline: string;
  track: string | null;
  robots: string[];
  teamSlug: string | null;
}
interface Team {
  slug: string;
  name: string;
  lookingForMembers: boolean;
  skillsWanted: string[];
}

let browser: Browser;
let server: Server;
let site: string;
let projects: Project[];
let teams: Team[];

beforeAll(async () => {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: TEAMS, projects: PROJECTS });
  ({ server, url: site } = await serveBuilt(root));
  const list = async (name: string) =>
    ((await (await fetch(`${site}api/${name}.json`)).json()) as { data: never }).data;
  // The gallery lists A–Z by title, numbers as numbers (Project 2 before Project 10); the API by slug.
  const az = new Intl.Collator("en", { numeric: true });
  projects = ((await list("projects")) as Project[]).sort((a, b) => az.compare(a.title, b.title));
  teams = await list("teams");
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string, javaScriptEnabled = true): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, { javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  await watched.page.goto(site + path, { waitUntil: "networkidle" });
  return watched;
}

const cards = (page: Page) =>
  page.locator("#list > [data-slug]").evaluateAll((items) => items.map((c) => c.getAttribute("data-slug")));
const slugs = (list: Array<{ slug: string }>) => list.map((e) => e.slug);
/** What the search reads of a synthetic project that its words could hold: title, tagline and team name. */
const text = (p: Project) =>
  `${p.title} ${p.tagline} ${teams.find((t) => t.slug === p.teamSlug)?.name ?? ""}`.toLowerCase();

describe("a visitor of a 2,000-project event", () => {
  it("finds a project on the last page in two interactions: type its title, click it", async () => {
    const { page, problems } = await open("projects/");
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    const wanted = projects.at(-1)!;
    expect(await cards(page)).not.toContain(wanted.slug);
    await page.getByRole("searchbox", { name: "Search" }).fill(wanted.title);
    await page.locator("#list").getByRole("link", { name: wanted.title, exact: true }).click();
    // The click starts the navigation; the page is the project's once it has landed.
    await page.waitForURL(`${site}projects/${wanted.slug}.html`);
    expect(await page.locator("h1").innerText()).toBe(wanted.title);
    // The search read the index once, then the shard of its words' first letter and the files of
    // the cards it showed, each once; never the API's whole list.
    const json = fetched.filter((path) => path.endsWith(".json"));
    expect(json[0]).toBe("/search/projects.json");
    expect(
      json.slice(1).every((path) => /^\/search\/projects\/(words|cards)-\w+\.[0-9a-f]{12}\.json$/.test(path)),
    ).toBe(true);
    const letters = [
      ...new Set(
        wanted.title
          .toLowerCase()
          .split(/\W+/)
          .map((word) => word[0]),
      ),
    ].sort();
    expect(
      json
        .filter((path) => path.includes("/words-"))
        .map((path) => path.split("/words-")[1]![0])
        .sort(),
    ).toEqual(letters);
    expect(new Set(json).size).toBe(json.length);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows a filtered card exactly as the server rendered it, on a page at any depth", async () => {
    // Links resolved to absolute addresses, and an image's load state (site.js marks a failed one) left out.
    const card = (page: Page, slug: string) =>
      page.locator(`#list > [data-slug="${slug}"]`).evaluate((li) => {
        const copy = li.cloneNode(true) as Element;
        for (const node of copy.querySelectorAll("[href]"))
          node.setAttribute("href", (node as HTMLAnchorElement).href);
        for (const node of copy.querySelectorAll("img")) {
          node.setAttribute("src", (node as HTMLImageElement).src);
          node.classList.remove("failed");
          if (!node.classList.length) node.removeAttribute("class");
        }
        return copy.outerHTML;
      });
    for (const [path, entry] of [
      ["projects/page/2.html", projects[48]!],
      ["teams/", teams.find((t) => t.lookingForMembers)!],
    ] as const) {
      const { page, problems } = await open(path);
      const served = await card(page, entry.slug);
      expect(served).toContain(`${site}${path.split("/")[0]}/${entry.slug}.html`);
      await page.getByRole("searchbox", { name: "Search" }).fill(entry.slug);
      await expect.poll(() => page.locator("#count").innerText()).toMatch(/ match(es)?\.$/);
      expect(await card(page, entry.slug)).toBe(served);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("filters by track and robot and searches text over every project, as projects.json says", async () => {
    const { page, problems } = await open("projects/");
    const form = page.getByRole("search", { name: "Find projects" });
    await form.getByLabel("Track").selectOption({ label: "Simulation" });
    await form.getByLabel("Robot").selectOption({ label: "SO-100 arm" });
    const filtered = projects.filter((p) => p.track === "sim" && p.robots.includes("SO-100 arm"));
    expect(filtered.length).toBeGreaterThan(96);
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${filtered.length} of ${PROJECTS} projects match.`);
    expect(await cards(page)).toEqual(slugs(filtered).slice(0, 48));
    // More cards come once their files are fetched.
    await page.getByRole("button", { name: "Show 48 more" }).click();
    await expect.poll(() => cards(page)).toEqual(slugs(filtered).slice(0, 96));
    expect(await page.locator("#pages").isVisible()).toBe(false);

    // A word of the text (titles, taglines, teams, robots, people, awards): found where it is, and only there.
    await form.getByLabel("Search").fill("Gripper");
    const found = filtered.filter((p) => text(p).includes("gripper"));
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${found.length} of ${PROJECTS} projects match.`);
    expect(await cards(page)).toEqual(slugs(found).slice(0, 48));
    // A word finds the words it begins, not words it is inside of.
    await form.getByLabel("Search").fill("grip");
    await expect.poll(() => cards(page)).toEqual(slugs(found).slice(0, 48));
    await form.getByLabel("Search").fill("ripper");
    await expect.poll(() => page.locator("#count").innerText()).toBe(`0 of ${PROJECTS} projects match.`);
    await form.getByLabel("Search").fill("Gripper");
    await expect.poll(() => cards(page)).toEqual(slugs(found).slice(0, 48));

    // The state is in the address: a reload, or the address shared, shows the same view.
    expect(new URL(page.url()).searchParams.toString()).toBe("q=Gripper&track=sim&robot=SO-100+arm");
    await page.reload({ waitUntil: "networkidle" });
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${found.length} of ${PROJECTS} projects match.`);
    expect(await form.getByLabel("Search").inputValue()).toBe("Gripper");
    expect(await form.getByLabel("Track").inputValue()).toBe("=sim");
    expect(await cards(page)).toEqual(slugs(found).slice(0, 48));

    // No track and no robot are choices of their own; clearing everything brings the pages back.
    await form.getByLabel("Search").fill("");
    await form.getByLabel("Track").selectOption({ label: "No track" });
    await form.getByLabel("Robot").selectOption({ label: "Any robot" });
    const untracked = projects.filter((p) => p.track === null);
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${untracked.length} of ${PROJECTS} projects match.`);
    expect(new URL(page.url()).search).toBe("?track=");
    await form.getByLabel("Track").selectOption({ label: "All tracks" });
    await expect.poll(() => cards(page)).toEqual(slugs(projects).slice(0, 48));
    expect(await page.locator("#pages").isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe("");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows more at the first click after typing a search (leaving the box does not start the list over)", async () => {
    const { page, problems } = await open("projects/");
    const form = page.getByRole("search", { name: "Find projects" });
    await form.getByLabel("Search").fill("grasp");
    const found = projects.filter((p) => text(p).includes("grasp"));
    expect(found.length).toBeGreaterThan(96);
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${found.length} of ${PROJECTS} projects match.`);
    // The click takes the focus from the search box, which fires its change event.
    await page.getByRole("button", { name: "Show 48 more" }).click();
    await expect.poll(() => cards(page)).toEqual(slugs(found).slice(0, 96));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("opens a shared filtered address directly, and the home page's search leads there", async () => {
    const { page, problems } = await open("");
    await page.getByRole("searchbox", { name: "Search every project" }).fill("grasp");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${site}projects/?q=grasp`);
    const found = projects.filter((p) => text(p).includes("grasp"));
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${found.length} of ${PROJECTS} projects match.`);
    await page.goto(`${site}projects/?track=sim&q=grasp`, { waitUntil: "networkidle" });
    const sim = found.filter((p) => p.track === "sim");
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${sim.length} of ${PROJECTS} projects match.`);
    expect(await cards(page)).toEqual(slugs(sim).slice(0, 48));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows the home page's search only with the script: without it, the gallery would ignore the query", async () => {
    const plain = await open("", false);
    expect(await plain.page.locator("#home-q").isVisible()).toBe(false);
    await plain.page.context().close();
    const scripted = await open("");
    expect(await scripted.page.locator("#home-q").isVisible()).toBe(true);
    await scripted.page.context().close();
  });

  it("filters teams looking for members and searches the skills they want", async () => {
    const { page, problems } = await open("teams/");
    const form = page.getByRole("search", { name: "Find teams" });
    await form.getByLabel("Looking for members only").check();
    const open_ = teams.filter((t) => t.lookingForMembers);
    await expect
      .poll(() => page.locator("#count").innerText())
      .toBe(`${open_.length} of ${TEAMS} teams match.`);
    expect(await cards(page)).toEqual(slugs(open_).slice(0, 48));
    await form.getByLabel("Search").fill("SLAM");
    await expect
      .poll(() => page.locator("#count").innerText())
      .not.toBe(`${open_.length} of ${TEAMS} teams match.`);
    const more = page.locator("button.more");
    while (await more.isVisible()) {
      await more.click();
      // The button is disabled while the next cards' files are fetched.
      await expect.poll(() => more.isDisabled()).toBe(false);
    }
    // Every recruiting team that wants SLAM is found, and only recruiting teams are.
    const shown = (await cards(page)) as string[];
    for (const t of open_.filter((t) => t.skillsWanted.includes("SLAM"))) expect(shown).toContain(t.slug);
    expect(shown.every((slug) => open_.some((t) => t.slug === slug))).toBe(true);
    expect(new URL(page.url()).searchParams.toString()).toBe("q=SLAM&looking=1");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript, sees every project once across the numbered pages, and no filter", async () => {
    const { page } = await open("projects/", false);
    expect(await page.locator("#filter").isVisible()).toBe(false);
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      expect(await page.locator("#pages [aria-current=page]").innerText()).toBe(String(n));
      seen.push(...((await cards(page)) as string[]));
      const next = page.locator("#pages").getByRole("link", { name: "Next" });
      if ((await next.count()) === 0) break;
      // The click only starts the navigation: wait for the next page to be parsed before reading it.
      await Promise.all([
        page.waitForURL(`${site}projects/page/${n + 1}.html`, { waitUntil: "domcontentloaded" }),
        next.click(),
      ]);
    }
    expect(seen).toEqual(slugs(projects));
    expect(page.url()).toBe(`${site}projects/page/42.html`);
    await page.context().close();
  });
});

describe("page sizes of a 2,000-project event", () => {
  it("keeps the home page within 150 KB and every list page within 300 KB", async () => {
    const sizes = new Map<string, number>();
    for (const path of ["", "projects/", "projects/page/42.html", "teams/", "teams/page/13.html"])
      sizes.set(path, (await (await fetch(site + path)).arrayBuffer()).byteLength);
    expect(sizes.get("")!).toBeLessThanOrEqual(150_000);
    for (const [path, size] of sizes) expect(size, path).toBeLessThanOrEqual(300_000);
    const last = await (await fetch(`${site}projects/page/42.html`)).text();
    expect(last).toContain(`<title>Projects, page 42 of 42 · `);
  });
});
