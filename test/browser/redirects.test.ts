import { appendFile } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/** A link to a renamed record's old page, followed in Chromium, lands on the current page. */
let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  const root = await exampleRoot();
  await appendFile(join(root, "records/teams/gripper-gang.yaml"), "formerSlugs: [grip-crew]\n");
  await appendFile(join(root, "records/projects/soft-grasp.yaml"), "formerSlugs: [soft-grip]\n");
  ({ server, url: site } = await serveBuilt(root));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("an old address of a renamed record", () => {
  it.each([
    ["teams/grip-crew.html", "teams/gripper-gang.html", "Gripper Gang"],
    ["projects/soft-grip.html", "projects/soft-grasp.html", "Soft Grasp"],
  ])("%s leads to %s", async (old, current, heading) => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
    });
    await page.goto(site + old);
    await page.waitForURL(site + current);
    expect(await page.locator("h1").innerText()).toBe(heading);
    expect(problems).toEqual([]);
    await page.close();
  });
});
