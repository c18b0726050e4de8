import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core's serious and critical violations on the page as it is now. axe is injected as an
 * inline script, so the page must be opened with `bypassCSP: true` (its own policy forbids that).
 */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; nodes: string[] }>> {
  await page.addScriptTag({ content: await readFile(AXE, "utf8") });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }>;
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => String(n.target)) }));
  });
}

/**
 * What runs off the screen sideways: the page's own overflow, and any element of the main content
 * that reaches past the window outside a region that scrolls (as pages.test.ts checks every page).
 */
export async function sidewaysOverflow(page: Page): Promise<{ overflow: number; outside: string[] }> {
  return page.evaluate(() => {
    const scrolls = (el: Element) => {
      for (let at = el.parentElement; at && at.tagName !== "MAIN"; at = at.parentElement)
        if (getComputedStyle(at).overflowX !== "visible") return true;
      return false;
    };
    const outside = [...document.querySelectorAll("main *")]
      .filter((el) => !scrolls(el) && el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName}.${el.className}`);
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, outside };
  });
}
