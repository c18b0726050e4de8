import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../generator/serve/start-server.ts";
import { launchChromium } from "../helpers/chromium.ts";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";

/**
 * The site built for http://localhost:N, opened at http://127.0.0.1:N (the address `npm start`
 * prints, as a LAN address or a deploy preview would be another): styles, script and images come
 * from the address the page was opened at, with no Content-Security-Policy report.
 */
let browser: Browser;
let server: Server;
let opened: string;

beforeAll(async () => {
  const out = join(await tempDir(), "dist");
  const served = await startServer({ root: out, port: 0 });
  server = served.server;
  opened = served.url;
  const port = new URL(opened).port;
  await buildSite(await exampleRoot(), `http://localhost:${port}/`, out);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the site opened at an address other than its base URL", () => {
  it.each([
    ["home", ""],
    ["team list", "teams/"],
    ["team", "teams/open-arms.html"],
    ["project list", "projects/"],
    ["project", "projects/soft-grasp.html"],
    ["handbook", "handbook/register-a-team.html"],
    ["developers", "developers.html"],
  ])("%s keeps its styles and loads nothing from the base URL", async (_kind, path) => {
    expect(opened).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
    });
    page.on("request", (r) => {
      if (r.url().startsWith("http://localhost")) elsewhere.push(r.url());
    });
    await page.goto(opened + path, { waitUntil: "networkidle" });
    // `.wrap { max-width: 64rem }` comes from site.css only.
    expect(await page.locator("main.wrap").evaluate((el) => getComputedStyle(el).maxWidth)).toBe("1024px");
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });

  it("runs the gallery script there, its search finds projects there, and its navigation stays there", async () => {
    const page = await browser.newPage();
    await page.goto(`${opened}projects/?q=grasp`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("#count").innerText()).toBe("1 of 10 projects matches.");
    await expect.poll(() => page.locator("#list img").getAttribute("src")).toBe("../images/soft-grasp.svg");
    await page.locator("#list").getByRole("link", { name: "Soft Grasp" }).click();
    await page.waitForURL(`${opened}projects/soft-grasp.html`);
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Teams" }).click();
    await page.waitForURL(`${opened}teams/`);
    await page.getByRole("link", { name: "Open Arms" }).first().click();
    await page.waitForURL(`${opened}teams/open-arms.html`);
    await page.close();
  });
});
