import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium.ts";
import { FIXTURES, REPO } from "../helpers/fixture-root.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The hostile fixture's pages in a real browser. Its Content-Security-Policy is switched off
 * (bypassCSP), so the escaping alone must keep every payload inert: no dialog opens, no script or
 * handler from a record exists, nothing a record says becomes a live element, and the layout holds
 * on a phone. Each payload calls alert(), so any that ran would open a dialog.
 */
const PAGES = [
  "",
  "teams/",
  "teams/rtl-team.html",
  "teams/script-team.html",
  "projects/",
  "projects/xss-project.html",
  "projects/rtl-project.html",
  "handbook/rules.html",
  "developers.html",
  "teams/nobody.html",
  "expo/",
  "expo/cards/",
  "live/",
];

let browser: Browser;
let server: Server;
let site: string;

beforeAll(async () => {
  ({ server, url: site } = await serveBuilt(join(FIXTURES, "hostile-pages")));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("pages built from hostile records", () => {
  it.each(PAGES)("/%s runs no record text as code and keeps its layout on a phone", async (path) => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      // The page may close before the dismissal lands; the dialog is counted either way.
      dialog.dismiss().catch(() => undefined);
    });
    await page.goto(site + path, { waitUntil: "networkidle" });
    // Give handlers a chance: the events a visitor's pointer and keyboard send to every element, sent
    // in the page (a round trip per element took the developers page past its time limit under load).
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>("main *")) {
        for (const type of ["pointerover", "pointerenter", "mouseover", "mouseenter", "mousemove"])
          element.dispatchEvent(new MouseEvent(type, { bubbles: true }));
        element.focus();
        for (const type of ["focus", "focusin"])
          element.dispatchEvent(new FocusEvent(type, { bubbles: true }));
      }
    });
    const found = await page.evaluate(() => ({
      scripts: [...document.scripts].map((s) => new URL(s.src || "inline:", location.href).pathname),
      handlers: [...document.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${el.tagName} ${a.name}`),
      ),
      dangerous: [
        ...document.querySelectorAll(
          // The one SVG the templates make is a table card's QR code (a rect and a path, no text).
          "iframe, object, embed, svg:not(.table-card > svg.qr), .qr :not(rect, path), style, base, form[action], meta[http-equiv=refresh]",
        ),
      ].map((el) => el.tagName),
      javascriptLinks: [...document.querySelectorAll("[href], [src]")]
        // Judged as the browser resolves them: the site's own links are relative.
        .map((el) => new URL(el.getAttribute("href") ?? el.getAttribute("src") ?? "", location.href).href)
        .filter((url) => !/^(https?:|mailto:)/i.test(url)),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      headerTop: document.querySelector("header, main")!.getBoundingClientRect().top,
    }));
    expect(dialogs).toEqual([]);
    expect(found.scripts).toEqual(["/assets/site.js"]);
    expect(found.handlers).toEqual([]);
    // The 404 page carries its own style element, and the home page its search form; nothing else may.
    expect(found.dangerous).toEqual(path === "teams/nobody.html" ? ["STYLE"] : path === "" ? ["FORM"] : []);
    if (path === "")
      expect(await page.locator("form[action]").evaluate((f) => (f as HTMLFormElement).action)).toBe(
        `${site}projects/`,
      );
    expect(found.javascriptLinks).toEqual([]);
    expect(found.overflow).toBeLessThanOrEqual(0);
    expect(found.headerTop).toBeLessThan(50);
    await page.screenshot({
      path: `${REPO}test-results/screenshots/hostile-${path.replace(/[/.]+/g, "-") || "home"}-390.png`,
      fullPage: true,
    });
    await context.close();
  });

  it("shows the hostile text as text, right-to-left names included", async () => {
    const page = await browser.newPage();
    await page.goto(`${site}projects/xss-project.html`);
    expect(await page.locator("h1").innerText()).toBe("<img src=x onerror=alert('title')>");
    expect(await page.title()).toBe(
      "<img src=x onerror=alert('title')> · <script>alert('event-name')</script> Sprint",
    );
    await page.goto(`${site}teams/rtl-team.html`);
    expect(await page.locator("h1").innerText()).toBe("فريق الروبوتات 🤖 maet");
    expect(await page.locator("h1").evaluate((h) => getComputedStyle(h).direction)).toBe("rtl");
    await page.close();
  });
});
