import { readdir, readFile, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";
import { EXAMPLE_CRITERIA } from "../judging/score-files.ts";

/**
 * The judging page against what a team or a visitor controls: a project slug that is also a name
 * every JavaScript object has (`constructor`), an address whose fragment is not valid percent-encoding,
 * and a score file whose criteria the event does not have (the tally would refuse the export).
 */
const PROJECT = `title: Object Builder
tagline: A slug that every JavaScript object already answers to.
track: hardware
robots: []
description: A project whose slug is constructor.
video: null
images: []
repo: null
team:
  - name: Ada Hostile
    github: ada-hostile
teamSlug: null
`;

let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  const root = await exampleRoot();
  await writeFile(join(root, "records/projects/constructor.yaml"), PROJECT);
  // A judge whose conflicts name every project: given none, and never chosen before anyone else.
  const event = join(root, "records/event.yaml");
  const slugs = (await readdir(join(root, "records/projects"))).map((f) => f.replace(/\.yaml$/, ""));
  await writeFile(
    event,
    (await readFile(event, "utf8")).replace(
      "  - name: Mei Tanaka\n",
      `  - name: Free Judge\n    affiliation: Lab\n    conflicts: [${slugs.join(", ")}]\n  - name: Mei Tanaka\n`,
    ),
  );
  ({ server, url: site } = await serveBuilt(root));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, {
    viewport: { width: 390, height: 900 },
    acceptDownloads: true,
  });
  await watched.page.goto(site + path);
  return watched;
}

async function exported(page: Page): Promise<{ scores: Record<string, Record<string, unknown>> }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download score file" }).click(),
  ]);
  return JSON.parse(await readFile((await file.path())!, "utf8"));
}

describe("the judging page against hostile input", () => {
  it("saves the scores of a project whose slug is constructor", async () => {
    const { page, problems } = await open("judging/kofi-mensah.html#project=constructor");
    const item = page.locator("li.judge-project:visible");
    expect(await item.getAttribute("data-project")).toBe("constructor");
    for (const criterion of EXAMPLE_CRITERIA)
      await item
        .getByRole("group", { name: new RegExp(`^${criterion}`) })
        .getByLabel("4", { exact: true })
        .check();
    expect(await page.locator("[data-progress]").textContent()).toBe(
      "1 of 11 projects scored, saved on this device",
    );
    await page.reload();
    expect(await page.locator("[data-progress]").textContent()).toBe(
      "1 of 11 projects scored, saved on this device",
    );
    expect((await exported(page)).scores).toEqual({
      constructor: Object.fromEntries(EXAMPLE_CRITERIA.map((c) => [c, 4])),
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows one project at a time when the address's fragment is not valid percent-encoding", async () => {
    const { page, problems } = await open("judging/kofi-mensah.html#%E0%A4%A");
    await expect.poll(() => page.locator("li.judge-project:visible").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("refuses a score file with a criterion the event does not have, as the tally would", async () => {
    const { page, problems } = await open("judging/kofi-mensah.html");
    const file = {
      format: "hackathon-registry scores 1",
      event: "Physical AI Sprint 2026",
      judge: "Kofi Mensah",
      scale: 5,
      scores: { "soft-grasp": { Usefulness: 3, Bogus: 2 } },
    };
    await page.getByLabel(/Or paste/).fill(JSON.stringify(file));
    await page.getByRole("button", { name: "Open pasted text" }).click();
    await expect
      .poll(() => page.locator("[data-open-status]").textContent())
      .toBe(
        'Nothing was changed: the pasted text was not opened, as "soft-grasp"\'s "Bogus" is not one of this event\'s criteria (Technical depth, Works on the day, Usefulness, Openness).',
      );
    expect((await exported(page)).scores).toEqual({});
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows a judge with no projects just that, and the script runs without an error", async () => {
    const { page, problems } = await open("judging/free-judge.html");
    expect(await page.locator(".lede").textContent()).toBe("No projects to score yet.");
    expect(await page.locator("li.judge-project").count()).toBe(0);
    expect(await page.getByText(/Scoring on this page needs JavaScript/).isVisible()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}/judging-no-projects-390.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
