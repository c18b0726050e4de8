import { appendFile, mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot, REPO } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The example event's deadlines (registration Sat 5 Dec 12:00 CET, submissions Sun 6 Dec 14:00 CET,
 * gripper-gang's extension to 15:00) in Chromium with the clock set before, between and after them:
 * the phase line and each line's tense come from the reader's clock over absolute times that read
 * without JavaScript, at phone and desktop widths, on every page that shows them.
 */
const SCREENSHOTS = `${REPO}test-results/screenshots`;
const WIDTHS = [390, 1280];
const PAGES = ["", "teams/", "projects/", "handbook/register-a-team.html"];
const BEFORE = "2026-12-03T10:00:00+01:00";
const BETWEEN = "2026-12-06T10:48:00+01:00";
const AFTER = "2026-12-06T14:30:00+01:00";

let browser: Browser;
const servers: Server[] = [];
let site: string;
let judged: string;

beforeAll(async () => {
  const served = await serveBuilt(await exampleRoot());
  const root = await exampleRoot();
  await appendFile(
    join(root, "records/event.yaml"),
    "awards:\n  - name: Best hardware demo\n    projects: [soft-grasp]\n",
  );
  const after = await serveBuilt(root);
  servers.push(served.server, after.server);
  [site, judged] = [served.url, after.url];
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function open(url: string, at: string, options: BrowserContextOptions = {}) {
  const watched = await watchedPage(browser, options, (context) =>
    context.clock.install({ time: new Date(at) }),
  );
  await watched.page.goto(url, { waitUntil: "networkidle" });
  return watched;
}

const phase = (page: Page) => page.locator("[data-deadlines] .phase").innerText();
// As read aloud: beside a handbook chapter each time starts its own line.
const lines = async (page: Page) =>
  (await page.locator("[data-deadlines] li").allInnerTexts()).map((line) => line.replace(/\s+/g, " "));

describe("the phase line", () => {
  it.each([
    [BEFORE, "Registration closes in 2 days", ["Registration closes", "Submissions close"]],
    [BETWEEN, "Submissions close in 3 h 12 min", ["Registration closed", "Submissions close"]],
    // 14:30 is inside gripper-gang's extension: the public line is the event's.
    [AFTER, "Submissions closed: judging", ["Registration closed", "Submissions closed"]],
    // After the event's last day, with no awards set yet.
    ["2026-12-07T09:00:00+01:00", "The event has ended", ["Registration closed", "Submissions closed"]],
  ])(
    "at %s reads %j on every page, at 390 and 1280 px, nothing wider than the screen",
    async (at, text, verbs) => {
      for (const path of PAGES)
        for (const width of WIDTHS) {
          const { page, problems } = await open(site + path, at, { viewport: { width, height: 844 } });
          const where = `${path || "home"} at ${width}px, ${at}`;
          expect(await phase(page), where).toBe(text);
          expect(await lines(page), where).toEqual([
            `${verbs[0]} Sat 5 Dec 2026, 12:00 CET`,
            `${verbs[1]} Sun 6 Dec 2026, 14:00 CET`,
          ]);
          // Neither the page nor any text runs past the deadlines' box, itself within the screen.
          const overflow = await page.evaluate(() => {
            const block = document.querySelector("[data-deadlines]")!;
            const edge = Math.min(block.getBoundingClientRect().right, window.innerWidth) + 0.5;
            return {
              page: document.documentElement.scrollWidth - window.innerWidth,
              out: [...block.querySelectorAll("*")]
                .filter((el) => el.getBoundingClientRect().right > edge)
                .map((el) => el.textContent),
            };
          });
          expect(overflow.page, where).toBeLessThanOrEqual(0);
          expect(overflow.out, where).toEqual([]);
          await page.screenshot({
            path: `${SCREENSHOTS}/deadlines-${path.replace(/\/$|\.html$/, "").replace("/", "-") || "home"}-${at.slice(5, 13)}-${width}.png`,
          });
          expect(problems, where).toEqual([]);
          await page.context().close();
        }
    },
  );

  it("counts down in the reader's clock, whatever their time zone, and turns at the deadline", async () => {
    const { page, problems } = await open(site, "2026-12-05T11:57:30+01:00", {
      timezoneId: "America/New_York",
    });
    expect(await phase(page)).toBe("Registration closes in 3 min");
    // The times stay the event's; only the countdown is the reader's.
    expect(await lines(page)).toEqual([
      "Registration closes Sat 5 Dec 2026, 12:00 CET",
      "Submissions close Sun 6 Dec 2026, 14:00 CET",
    ]);
    await page.clock.runFor(60_000);
    expect(await phase(page)).toBe("Registration closes in 2 min");
    // 12:01: 25 h 59 min to go, in whole hours.
    await page.clock.runFor(150_000);
    expect(await phase(page)).toBe("Submissions close in 1 day 1 h");
    expect((await lines(page))[0]).toBe("Registration closed Sat 5 Dec 2026, 12:00 CET");
    // 11:00 on the day: whole hours say no minutes.
    await page.clock.setFixedTime(new Date("2026-12-06T11:00:00+01:00"));
    await page.clock.runFor(15_000);
    expect(await phase(page)).toBe("Submissions close in 3 h");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("leads to the winners once awards are set, from a list page to the home page's", async () => {
    const { page, problems } = await open(`${judged}teams/`, AFTER);
    expect(await phase(page)).toBe("Judging is over: see the winners");
    await page.getByRole("link", { name: "see the winners" }).click();
    await page.waitForURL(`${judged}#winners`);
    expect(await page.locator("#winners").isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("without JavaScript", () => {
  it("the deadlines read as absolute times, and no empty phase line shows", async () => {
    for (const path of PAGES) {
      const { page } = await open(site + path, BETWEEN, { javaScriptEnabled: false });
      expect(await lines(page), path).toEqual([
        "Registration closes Sat 5 Dec 2026, 12:00 CET",
        "Submissions close Sun 6 Dec 2026, 14:00 CET",
      ]);
      expect(await page.locator("[data-deadlines] .phase").isVisible(), path).toBe(false);
      await page.context().close();
    }
  });
});
