import type { ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";
import { serveCommand } from "../helpers/serve-command.ts";
import { until } from "../helpers/until.ts";

/** `npm run dev` as a real process, a page open in Chromium, and a record edited on disk. */
let browser: Browser;
let child: ChildProcess;
let url: string;
let root: string;
let out: string;
let output: { stdout: string };

beforeAll(async () => {
  root = await fixtureRoot();
  const served = await serveCommand("dev", root);
  ({ child, url, out } = served);
  output = served.output;
  browser = await launchChromium();
});

afterAll(async () => {
  child?.kill();
  await browser?.close();
});

describe("npm run dev", () => {
  it("reloads the open page after a record is saved, and only after a good build", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
    });
    await page.goto(`${url}teams/alpha-team.html`, { waitUntil: "networkidle" });
    expect(await page.locator("h1").innerText()).toBe("Alpha Team");
    const file = join(root, "records/teams/alpha-team.yaml");
    const original = await readFile(file, "utf8");

    // Nothing is clicked: the page reloads by itself.
    await writeFile(file, original.replace("name: Alpha Team", "name: Alpha Reloaded"));
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 10_000 }).toBe("Alpha Reloaded");
    // That reload's load event comes after its heading shows: counted below, it made two of one.
    await page.waitForLoadState("load");

    // A broken save keeps the last good page open, unreloaded: the next good save reloads it once.
    let loads = 0;
    page.on("load", () => loads++);
    await writeFile(file, "name: [broken\n");
    // Its place is the YAML reader's to say (dev-overlay.test.ts holds the page to the terminal's).
    await until(() =>
      /records\/teams\/alpha-team\.yaml:\d+:\d+ error/.test(output.stdout) ? true : undefined,
    );
    // No clock: a reload the broken build sent would come before the good build's, and count.
    await writeFile(file, original.replace("name: Alpha Team", "name: Alpha Mended"));
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 10_000 }).toBe("Alpha Mended");
    // The heading shows once the page is parsed; its load event (what is counted) comes after.
    await page.waitForLoadState("load");
    expect(loads).toBe(1);
    expect(problems).toEqual([]);
  });

  it("takes a broken build's errors away without a reload when a save puts back what the page shows", async () => {
    const page = await browser.newPage();
    await page.goto(`${url}teams/alpha-team.html`, { waitUntil: "networkidle" });
    const heading = await page.locator("h1").innerText();
    const file = join(root, "records/teams/alpha-team.yaml");
    const good = await readFile(file, "utf8");
    let loads = 0;
    page.on("load", () => loads++);
    await writeFile(file, "name: [broken\n");
    await expect.poll(() => page.locator("[data-dev-overlay]").count(), { timeout: 10_000 }).toBe(1);
    // The same bytes as the last good build: the site is unchanged, so the page stays, its errors go.
    await writeFile(file, good);
    await expect.poll(() => page.locator("[data-dev-overlay]").count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator("h1").innerText()).toBe(heading);
    expect(loads).toBe(0);
    await page.close();
  });

  it("leaves nothing of the reload in the built site", async () => {
    for (const [path, bytes] of await readTree(out))
      expect(bytes.toString("utf8"), path).not.toContain("__dev");
  });
});
