import type { ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { fixtureRoot, REPO } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";
import { serveCommand } from "../helpers/serve-command.ts";
import { until } from "../helpers/until.ts";

/**
 * `npm run dev` as a real process, pages open in Chromium, a record broken and fixed on disk: the
 * broken build's errors over the page, and gone with the fix. Screenshots of the overlay go to
 * test-results/screenshots/overlay-<width>.png (SHOTS names another folder).
 */
const SHOTS = process.env.SHOTS ?? `${REPO}test-results/screenshots`;
/** Record text is untrusted: this goes into the error's message, and must stay text. */
const HOSTILE = `"<img src=x onerror=alert(1)>"`;

let browser: Browser;
let child: ChildProcess;
let url: string;
let root: string;
let out: string;
let output: { stdout: string };

beforeAll(async () => {
  root = await fixtureRoot();
  ({ child, url, out, output } = await serveCommand("dev", root));
  browser = await launchChromium();
});

afterAll(async () => {
  child?.kill();
  await browser?.close();
});

const overlay = (page: Page) => page.getByRole("dialog", { name: "The build is broken: 1 error" });

describe("npm run dev's overlay", () => {
  it("lists a broken build's errors over the open page and over pages opened later, and goes with the fix", async () => {
    const file = join(root, "records/teams/alpha-team.yaml");
    const original = await readFile(file, "utf8");
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${url}teams/alpha-team.html`, { waitUntil: "networkidle" });
    expect(await page.locator("h1").innerText()).toBe("Alpha Team");
    expect(await page.locator("[data-dev-overlay]").count()).toBe(0);

    const printed = output.stdout.length;
    await writeFile(file, original.replace("lookingForMembers: true", `lookingForMembers: ${HOSTILE}`));
    await expect.poll(() => overlay(page).isVisible(), { timeout: 10_000 }).toBe(true);
    // The place and the words the terminal printed, as text: no element made of the record's.
    const line = await until(
      () =>
        /^(records\/teams\/alpha-team\.yaml:\d+:\d+) error (.*?)(?: Fix: .*)? \[[\w-]+\]$/m.exec(
          output.stdout.slice(printed),
        ) ?? undefined,
    );
    expect(line[1]).toMatch(/:2:\d+$/);
    const dialog = overlay(page);
    await expect.poll(() => dialog.locator(".where").innerText()).toBe(line[1]);
    expect(await dialog.locator(".message").innerText()).toBe(line[2]);
    expect(line[2]).toContain("<img");
    expect(await page.locator("[data-dev-overlay] img").count()).toBe(0);
    expect(await page.locator("h1").innerText()).toBe("Alpha Team");
    // A dialog with a heading, its Dismiss button focused.
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent)).toBe(
      "Dismiss",
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/overlay-${width}.png` });
    }

    // A page opened while the build is broken shows the errors at once; Escape dismisses them.
    const later = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
    await later.page.goto(`${url}projects/`);
    await expect.poll(() => overlay(later.page).isVisible(), { timeout: 5_000 }).toBe(true);
    await later.page.keyboard.press("Escape");
    await expect.poll(() => later.page.locator("[data-dev-overlay]").count()).toBe(0);
    // The Dismiss button does too.
    await dialog.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => page.locator("[data-dev-overlay]").count()).toBe(0);
    await later.page.goto(`${url}teams/alpha-team.html`, { waitUntil: "networkidle" });
    await expect.poll(() => overlay(later.page).isVisible(), { timeout: 5_000 }).toBe(true);

    // The fix: the page with the overlay reloads by itself to the new value, the overlay gone.
    await writeFile(file, original.replace("name: Alpha Team", "name: Alpha Fixed"));
    for (const open of [later.page, page]) {
      await expect.poll(() => open.locator("h1").innerText(), { timeout: 10_000 }).toBe("Alpha Fixed");
      expect(await open.locator("[data-dev-overlay]").count()).toBe(0);
    }
    expect([...problems, ...later.problems]).toEqual([]);
  });

  it("is nowhere in the built site", async () => {
    for (const [path, bytes] of await readTree(out))
      expect(bytes.toString("utf8"), path).not.toMatch(/__dev|dev-overlay|data-dev-overlay/);
  });
});

describe("npm run dev whose first build is broken", () => {
  it("shows the errors on any page opened, with no site built yet, and the site once a save fixes them", async () => {
    const broken = await fixtureRoot();
    const file = join(broken, "records/teams/beta-team.yaml");
    const original = await readFile(file, "utf8");
    await writeFile(file, original.replace(/^name: .*$/m, "name: [Beta"));
    const dev = await serveCommand("dev", broken);
    try {
      const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
      await page.goto(`${dev.url}teams/beta-team.html`);
      await expect.poll(() => overlay(page).isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await overlay(page).locator(".where").innerText()).toMatch(
        /^records\/teams\/beta-team\.yaml:\d+:\d+$/,
      );
      expect(await page.locator("h1").innerText()).toBe("No site built yet");
      await writeFile(file, original);
      await expect.poll(() => page.locator("h1").innerText(), { timeout: 10_000 }).toBe("Beta Team");
      expect(await page.locator("[data-dev-overlay]").count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      dev.child.kill();
    }
  });
});
