import { describe, expect, it } from "vitest";
import { exampleInBrowser } from "../helpers/example-in-browser.ts";

/**
 * No table cell of the sample event breaks a word ("Simula|tion"): each word's rendered box stays
 * on one line, at a phone's width and a desktop's, and the page never grows wider than the screen.
 */
const scene = exampleInBrowser();

const PAGES = ["", "teams/", "projects/", "developers.html"];

describe.each([390, 1280])("at %i px wide", (width) => {
  it.each(PAGES)("/%s breaks no word in a table cell and does not widen", async (path) => {
    const page = await scene.browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(scene.site + path, { waitUntil: "networkidle" });
    const found = await page.evaluate(() => {
      const broken: string[] = [];
      for (const cell of document.querySelectorAll("th, td")) {
        // A stacked table's header row on a phone is for screen readers only (clipped to 1 px).
        if (cell.getBoundingClientRect().width <= 1) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          // A line may end after a hyphen ("Sim-|to-real"); a word itself must not be split.
          for (const match of (node.textContent ?? "").matchAll(/[^\s-]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index!);
            range.setEnd(node, match.index! + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
      }
      return { broken, pageWidth: document.documentElement.scrollWidth };
    });
    expect(found.broken).toEqual([]);
    expect(found.pageWidth).toBeLessThanOrEqual(width);
    await page.close();
  });
});
