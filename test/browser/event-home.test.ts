import { appendFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The example event after judging (two awards and its repository added to its event.yaml) in
 * Chromium: the winners where they belong, the schedule's "now" and "next" at given times, images
 * that fail, and the way from the site to the repository's forms and editor.
 */
let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  const root = await exampleRoot();
  await appendFile(
    join(root, "records/event.yaml"),
    `repository: org/sprint
awards:
  - name: Best hardware demo
    projects: [soft-grasp]
    description: The demo that worked first time, on the real arm.
  - name: Audience award
    projects: [swarm-lights, soft-grasp]
`,
  );
  ({ server, url: site } = await serveBuilt(root));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string, at?: string): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, {}, async (context) => {
    if (at) await context.clock.install({ time: new Date(at) });
  });
  await watched.page.goto(site + path, { waitUntil: "networkidle" });
  return watched;
}

describe("the winners", () => {
  it("show on the home page, as badges on the winning project's page and on its cards, and in the API", async () => {
    const { page, problems } = await open("");
    const winners = page.locator("#winners ~ section.award");
    expect(await winners.locator(":scope > h3").allInnerTexts()).toEqual([
      "🏆 Best hardware demo",
      "🏆 Audience award",
    ]);
    expect(await winners.first().locator("p").first().innerText()).toBe(
      "The demo that worked first time, on the real arm.",
    );
    expect(
      await winners
        .nth(1)
        .locator("[data-slug]")
        .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug"))),
    ).toEqual(["swarm-lights", "soft-grasp"]);
    await winners.first().getByRole("link", { name: "Soft Grasp" }).click();
    await page.waitForURL(`${site}projects/soft-grasp.html`);
    expect(await page.getByRole("list", { name: "Awards" }).locator("li").allInnerTexts()).toEqual([
      "🏆 Best hardware demo",
      "🏆 Audience award",
    ]);
    // A card the filter builds from the API carries the same badges as a served one.
    await page.goto(`${site}projects/?q=soft+grasp`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("#count").innerText()).toBe("1 of 10 projects matches.");
    expect(await page.locator("#list [data-slug=soft-grasp] .awards li").allInnerTexts()).toEqual([
      "🏆 Best hardware demo",
      "🏆 Audience award",
    ]);
    expect(await page.locator("#list [data-slug=cable-tidy]").count()).toBe(0);
    const event = (await (await fetch(`${site}api/event.json`)).json()) as { awards: unknown };
    expect(event.awards).toEqual([
      {
        name: "Best hardware demo",
        projects: ["soft-grasp"],
        description: "The demo that worked first time, on the real arm.",
        prize: null,
      },
      { name: "Audience award", projects: ["swarm-lights", "soft-grasp"], description: null, prize: null },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the schedule", () => {
  const marks = (page: Page) =>
    page
      .locator("table.schedule tbody tr")
      .evaluateAll((rows) =>
        rows
          .filter((r) => r.classList.contains("now") || r.classList.contains("next"))
          .map((r) => `${r.className}: ${(r as HTMLTableRowElement).cells[1]!.textContent}`),
      );

  it("marks the session on now and the next one while the event runs", async () => {
    const { page, problems } = await open("", "2026-12-05T10:15:00+01:00");
    expect(await marks(page)).toEqual([
      "now: NowOpening talk and safety briefing",
      "next: NextHacking (robot lab open until 22:00)",
    ]);
    expect(await page.locator("tr[aria-current=time]").count()).toBe(1);
    // The next day's first session is next overnight.
    await page.clock.setFixedTime(new Date("2026-12-05T23:00:00+01:00"));
    await page.clock.runFor(61_000);
    expect(await marks(page)).toEqual(["next: NextHacking, project submission closes at 14:00"]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("lines each day's sessions up under the day's before, at 1280 and 390 px (one table a day)", async () => {
    const { page, problems } = await open("");
    const timeColumns = () =>
      page
        .locator("main table.schedule th:first-child")
        .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const columns = await timeColumns();
      expect(columns.length, `${width} px`).toBe(2);
      expect(new Set(columns).size, `${width} px: ${columns.join(", ")}`).toBe(1);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("marks nothing before or after the event", async () => {
    for (const at of ["2026-11-24T12:00:00+01:00", "2026-12-07T09:00:00+01:00"]) {
      const { page } = await open("", at);
      expect(await marks(page), at).toEqual([]);
      await page.context().close();
    }
  });
});

describe("images", () => {
  it("that fail to load give way to the card's cover or the page's placeholder", async () => {
    const shown = {
      "projects/": ["thumb cover tone-2", '"SG"', true],
      "projects/soft-grasp.html": ["thumb", '"No image"', true],
    };
    for (const [path, expected] of Object.entries(shown)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route("**/images/soft-grasp.svg", (route) => route.abort());
      await page.goto(site + path, { waitUntil: "networkidle" });
      const img = page.locator(`img[src$="images/soft-grasp.svg"]`).first();
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.getAttribute("class"), { message: path }).toBe("failed");
      expect(await img.isVisible()).toBe(false);
      const placeholder = await img.evaluate((el) => {
        const box = el.parentElement!;
        return [
          box.className,
          getComputedStyle(box, "::before").content,
          box.getBoundingClientRect().height > 100,
        ];
      });
      expect(placeholder, path).toEqual(expected);
      // Images that load are not touched.
      expect(await page.locator("img.failed").count(), path).toBe(1);
      await context.close();
    }
  });
});

describe("the way to the repository", () => {
  it("leads from the handbook's team form link to the form, and from a record's page to its editor and its update form", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // github.com is not reachable here: answer for it, so the test sees where each link lands.
    await page.route("https://github.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>GitHub stand-in</title>" }),
    );
    // The home page's call to action is test/browser/way-in.test.ts's; after judging it is the winners.
    await page.goto(`${site}handbook/register-a-team.html`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "the team form" }).click();
    await page.waitForURL("https://github.com/org/sprint/issues/new?template=register-team.yml");
    await page.goto(`${site}teams/open-arms.html`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Edit this record" }).click();
    await page.waitForURL("https://github.com/org/sprint/edit/main/records/teams/open-arms.yaml");
    await page.goto(`${site}projects/soft-grasp.html`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "update it with a form" }).click();
    await page.waitForURL(
      "https://github.com/org/sprint/issues/new?template=update-project.yml&slug=soft-grasp",
    );
    await page.goto(site, { waitUntil: "networkidle" });
    expect(
      await page.locator("footer").getByRole("link", { name: "github.com/org/sprint" }).getAttribute("href"),
    ).toBe("https://github.com/org/sprint");
    await context.close();
  });
});
