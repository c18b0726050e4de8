import { appendFile, cp, mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { FIXTURES, tempDir } from "../helpers/fixture-root.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * Issue 58, the room's screen with a schedule longer than the sample's (test/fixtures/live-long-schedule:
 * 25 sessions over three days, four at once, one title near the schema's 200 characters). A projector
 * cannot scroll: at 1920×1080 the page fits at every moment of the model's clock, showing the sessions
 * on now and next; after the last session it says the event is over and results are to come, or
 * points at the winners once they are set.
 */
const PROJECTOR = { width: 1920, height: 1080 };
const FIXTURE = join(FIXTURES, "live-long-schedule");
/** Three awards, each with both projects: the winners take most of the schedule's column. */
const AWARDS = `awards:
${["Best arm", "Best simulation", "Audience prize"].map((name) => `  - name: ${name}\n    projects: [alpha-bot, beta-sim]\n`).join("")}`;
/** After the last session (Closing, Sun 6 Dec 17:30–18:00 CET), the event's last day not yet over. */
const AFTER_LAST = "2026-12-06T18:30:00+01:00";

let browser: Browser;
const servers: Server[] = [];
let site: string;
let awarded: string;

beforeAll(async () => {
  const after = await tempDir();
  await cp(FIXTURE, after, { recursive: true });
  await appendFile(join(after, "records/event.yaml"), AWARDS);
  const [a, b] = [await serveBuilt(FIXTURE), await serveBuilt(after)];
  servers.push(a.server, b.server);
  [site, awarded] = [a.url, b.url];
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function open(url: string, at: string, options: BrowserContextOptions = { viewport: PROJECTOR }) {
  const watched = await watchedPage(browser, { bypassCSP: true, ...options }, (context) =>
    context.clock.install({ time: new Date(at) }),
  );
  await watched.page.goto(url, { waitUntil: "networkidle" });
  await expect.poll(() => watched.page.locator("[data-live-board]").isVisible()).toBe(true);
  return watched;
}

const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
/** The titles of the schedule's rows that show, and of those the script marked on now. */
const titles = (page: Page, rows = "tbody tr") =>
  page
    .locator(`table.schedule ${rows}`)
    .evaluateAll((trs) =>
      trs
        .filter((tr) => (tr as HTMLElement).offsetHeight > 0)
        .map((tr) => (tr as HTMLTableRowElement).cells[1]!.lastChild!.textContent),
    );

describe("the room's screen with a long schedule, on a projector at 1920×1080", () => {
  it.each([
    // Before the doors open: nothing on, the first sessions next.
    ["2026-12-03T20:00:00+01:00", [], "Robot lab open all weekend (bring your badge)"],
    // Next, the title near the schema's 200 characters: on the count line and on the board.
    [
      "2026-12-04T12:30:00+01:00",
      ["Robot lab open all weekend (bring your badge)", "Lunch"],
      expect.stringMatching(/^Sponsor workshop: calibrating .* of each team$/),
    ],
    // Four at once on the first afternoon, one of them titled near the schema's 200 characters.
    [
      "2026-12-04T13:15:00+01:00",
      [
        "Robot lab open all weekend (bring your badge)",
        expect.stringMatching(/^Sponsor workshop: calibrating .* of each team$/),
        "Workshop: ROS 2 in an hour",
        "Workshop: simulation with MuJoCo",
      ],
      "Hacking",
    ],
    [
      "2026-12-05T10:30:00+01:00",
      [
        "Robot lab open all weekend (bring your badge)",
        "Hacking",
        expect.stringMatching(/^Mentor office hours/),
      ],
      "Lunch",
    ],
    [
      "2026-12-06T17:10:00+01:00",
      ["Robot lab open all weekend (bring your badge)", "Awards"],
      "Closing and group photo",
    ],
  ])("at %s fits the screen and shows what is on now and next", async (at, now, next) => {
    const { page, problems } = await open(`${site}live/`, at);
    await page.screenshot({ path: `${SCREENSHOTS}/live-long-${at.slice(5, 16).replace(":", "")}.png` });
    expect(await height(page)).toBeLessThanOrEqual(1080);
    // On now and next on the board, and in the sessions the schedule shows.
    expect(await titles(page, "tr.now")).toEqual(now);
    const shown = await titles(page);
    expect(shown).toEqual(expect.arrayContaining([...now, next]));
    expect(await page.locator("[data-live-next]").innerText()).toEqual(next);
    const board = (await page.locator("[data-live-now]").textContent())!;
    expect(board.split(" · ")).toEqual(now.length ? now : ["Nothing on the schedule"]);
    // Fewer sessions than the schedule's 25, and a line that says so and leads to the whole of it.
    expect(shown.length).toBeLessThan(25);
    expect(await page.locator("[data-live-more]").innerText()).toBe(
      `Now and next: ${shown.length} of 25 sessions. The whole schedule is on the home page.`,
    );
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("stays within the screen as the clock runs through a day, and passes axe", async () => {
    const { page, problems } = await open(`${site}live/`, "2026-12-05T07:00:00+01:00");
    for (let hour = 0; hour < 16; hour++) {
      await page.clock.fastForward(3_600_000);
      expect(await height(page), `${7 + hour + 1}:00`).toBeLessThanOrEqual(1080);
      expect(await page.locator("table.schedule tr.next:visible").count()).toBeLessThanOrEqual(1);
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("leads a reader at a screen to the whole schedule on the home page", async () => {
    const { page } = await open(`${site}live/`, "2026-12-05T10:30:00+01:00");
    await page.getByRole("link", { name: "The whole schedule" }).click();
    await page.waitForURL(/\/#schedule$/);
    expect(await page.locator("table.schedule tbody tr").count()).toBe(25);
    await page.context().close();
  });

  it("reads down one column on a phone (390 px): the board, then the sessions on now and next, axe clean", async () => {
    const { page, problems } = await open(`${site}live/`, "2026-12-04T13:15:00+01:00", {
      viewport: { width: 390, height: 844 },
    });
    expect(await page.locator("table.schedule tbody tr:visible").count()).toBe(6);
    // The lab open all weekend ends on Sunday, which its row under Friday says.
    expect(await page.locator("table.schedule tbody tr:visible td").first().innerText()).toBe(
      "09:00–Sun\u00a017:30",
    );
    // In its cell: the column breaks after the dash, not under the session's title.
    const cells = page.locator("table.schedule tbody tr:visible td:first-child");
    expect(await cells.evaluateAll((tds) => tds.filter((td) => td.scrollWidth > td.clientWidth).length)).toBe(
      0,
    );
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/live-long-390.png`, fullPage: true });
    await page.context().close();
  });
  it("shows fewer sessions while the winners take the column's room, on now first", async () => {
    const { page, problems } = await open(`${awarded}live/`, "2026-12-05T10:30:00+01:00");
    await page.screenshot({ path: `${SCREENSHOTS}/live-long-awarded-1030.png` });
    expect(await height(page)).toBeLessThanOrEqual(1080);
    const shown = await titles(page);
    expect(shown.length).toBeLessThan(6);
    expect(shown[0]).toBe("Robot lab open all weekend (bring your badge)");
    expect(await page.locator("[data-live-more]").innerText()).toMatch(
      new RegExp(`^Now and next: ${shown.length} of 25 sessions\\.`),
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the room's screen after the last session", () => {
  it("says the event is over and results are to come, not judging, while no awards are set", async () => {
    const { page, problems } = await open(`${site}live/`, AFTER_LAST);
    expect(await page.getByRole("timer").innerText()).toMatch(/^The event is over:\s+results to come$/);
    expect(await page.locator("[data-deadlines] .phase").innerText()).toBe(
      "The event is over: results to come",
    );
    expect(await page.locator("main").innerText()).not.toMatch(/judging|Nothing on the schedule/i);
    expect(await page.locator(".live-now-next").isVisible()).toBe(false);
    expect(await page.locator("table.schedule tbody tr:visible").count()).toBe(0);
    expect(await page.locator("[data-live-more]").innerText()).toBe(
      "The schedule is over. The whole schedule is on the home page.",
    );
    expect(await height(page)).toBeLessThanOrEqual(1080);
    // Still so the next morning, when the event's last day has ended.
    await page.clock.fastForward(15 * 3_600_000);
    expect(await page.locator("[data-deadlines] .phase").innerText()).toBe(
      "The event is over: results to come",
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/live-long-over.png` });
    await page.context().close();
  });

  it("points at the winners once the awards are set", async () => {
    const { page, problems } = await open(`${awarded}live/`, AFTER_LAST);
    expect(await page.getByRole("timer").innerText()).toBe("The schedule is over");
    expect(await page.locator("[data-deadlines] .phase").innerText()).toBe(
      "Judging is over: see the winners",
    );
    expect(await page.locator("#winners").isVisible()).toBe(true);
    expect(await page.locator(".live-winners").innerText()).toContain("Alpha Bot");
    expect(await page.locator("main").innerText()).not.toMatch(/results to come/);
    expect(await height(page)).toBeLessThanOrEqual(1080);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/live-long-awarded-over.png` });
    await page.context().close();
  });
});
