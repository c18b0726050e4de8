import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser, SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { seriousViolations } from "../helpers/page-checks.ts";

/**
 * The not-found page people see (404.html, the JSON error body with its `html` member) at phone and
 * desktop widths: the site's footer and links under it, api/index.json a link, axe clean, no
 * sideways scrolling. Screenshots go to test-results/screenshots/not-found-page-<width>.png.
 */
const scene = exampleInBrowser();

describe("the not-found page", () => {
  it.each([390, 1280])(
    "at %i px has the site's footer and links, and api/index.json is one",
    async (width) => {
      const { page, problems } = await watchedPage(scene.browser, { viewport: { width, height: 844 } });
      expect((await page.goto(`${scene.site}teams/nobody.html`))?.status()).toBe(404);
      const shown = await page.evaluate(() => {
        const footer = document.querySelector("footer.site-footer");
        return {
          footer: footer ? getComputedStyle(footer).fontSize : "none",
          links: [...(footer?.querySelectorAll("a") ?? [])].map((a) => [
            a.textContent,
            a.getAttribute("href"),
          ]),
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(shown.footer).toBe("14.4px");
      expect(shown.links).toEqual(
        expect.arrayContaining([
          ["CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/"],
          ["API index", `${scene.site}api/index.json`],
          ["developer guide", `${scene.site}developers.html`],
          ["sitemap", `${scene.site}sitemap.xml`],
        ]),
      );
      expect(shown.overflow).toBeLessThanOrEqual(0);
      // The JSON the file wraps the page in is for programs: a screen reader reads only the page.
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
        nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }>;
      };
      const read = nodes.filter((n) => !n.ignored).map((n) => `${n.role?.value} ${n.name?.value ?? ""}`);
      expect(read).toContain("heading Page not found");
      expect(read.filter((line) => /"object"|not_found|"html"/.test(line))).toEqual([]);
      const index = page.locator("main .note").getByRole("link", { name: "api/index.json" });
      expect(await index.getAttribute("href")).toBe(`${scene.site}api/index.json`);
      await page.screenshot({ path: `${SCREENSHOTS}/not-found-page-${width}.png`, fullPage: true });
      await index.click();
      expect(JSON.parse(await page.locator("body").innerText()).object).toBe("index");
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it.each([390, 1280])("at %i px: axe-core finds no serious or critical violation", async (width) => {
    const { page } = await watchedPage(scene.browser, { viewport: { width, height: 844 }, bypassCSP: true });
    await page.goto(`${scene.site}nope`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
