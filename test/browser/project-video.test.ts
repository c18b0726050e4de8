import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchedPage } from "../helpers/chromium.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { exampleInBrowser, SCREENSHOTS } from "../helpers/example-in-browser.ts";

/**
 * A project page's video in Chromium, at phone and desktop widths: the example's Lane Keeper links
 * a YouTube video and Shelf Scout a Vimeo one. The machine has no network, so every request that
 * leaves the site is recorded and answered by the test: none may go to a video host before the
 * reader clicks the poster, and the click loads the privacy-enhanced player alone.
 */
const WIDTHS = [390, 1280];
const VIDEO_HOSTS = /youtube|youtu\.be|ytimg|googlevideo|vimeo/;
const YOUTUBE_PLAYER = "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1";
const VIMEO_PLAYER = "https://player.vimeo.com/video/1084537?dnt=1&autoplay=1";

const scene = exampleInBrowser();

/** A page whose every request off the site is recorded, and answered with a stand-in player. */
async function open(path: string, width: number, javaScriptEnabled = true) {
  const offSite: string[] = [];
  const record = async (context: BrowserContext) => {
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      if (url.startsWith(scene.site)) return route.continue();
      offSite.push(url);
      return route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Player</title><p>Player",
      });
    });
  };
  const viewport = { width, height: 900 };
  const { page, problems } = await watchedPage(scene.browser, { viewport, javaScriptEnabled }, record);
  await page.goto(scene.site + path, { waitUntil: "networkidle" });
  return { page, problems, offSite };
}

const frameSrc = (page: Page) => page.locator(".video-frame iframe").getAttribute("src");

describe("a project's YouTube video", () => {
  it.each(WIDTHS)("at %i px, loads nothing from a video host until the poster is clicked", async (width) => {
    const { page, problems, offSite } = await open("projects/lane-keeper.html", width);
    const poster = page.getByRole("link", { name: /Lane Keeper.*Play the video/ });
    await expect.poll(() => poster.isVisible()).toBe(true);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(offSite.filter((url) => VIDEO_HOSTS.test(url))).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    await poster.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/project-video-poster-${width}.png`, fullPage: true });

    await poster.click();
    await expect.poll(() => frameSrc(page)).toBe(YOUTUBE_PLAYER);
    expect(await page.locator(".video-frame iframe").getAttribute("title")).toBe("Video: Lane Keeper");
    expect(await page.locator("a.video-poster").count()).toBe(0);
    // The one request to a video host is the privacy-enhanced player's, and the policy let it in.
    await expect.poll(() => offSite.filter((url) => VIDEO_HOSTS.test(url))).toEqual([YOUTUBE_PLAYER]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
    expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
    await page.screenshot({ path: `${SCREENSHOTS}/project-video-playing-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript, the poster is a link to the video", async () => {
    const { page, offSite } = await open("projects/lane-keeper.html", 390, false);
    const poster = page.locator("a.video-poster");
    expect(await poster.getAttribute("href")).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(offSite).toEqual([]);
    await poster.click();
    await page.waitForURL("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    await page.context().close();
  });

  it.each(WIDTHS)("at %i px, passes axe-core before and after the player is loaded", async (width) => {
    const { page, offSite } = await open("projects/lane-keeper.html", width);
    const context = page.context();
    // axe is injected as an inline script, which the page's own policy forbids: a second page without it.
    const axePage = await (
      await scene.browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } })
    ).newPage();
    await axePage.route("**/*", (route) =>
      route.request().url().startsWith(scene.site)
        ? route.continue()
        : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
    );
    await axePage.goto(`${scene.site}projects/lane-keeper.html`, { waitUntil: "networkidle" });
    expect(await seriousViolations(axePage)).toEqual([]);
    await axePage.locator("a.video-poster").click();
    await expect.poll(() => frameSrc(axePage)).toBe(YOUTUBE_PLAYER);
    expect(await seriousViolations(axePage)).toEqual([]);
    await axePage.context().close();
    expect(offSite).toEqual([]);
    await context.close();
  });
});

describe("a project's Vimeo video", () => {
  it("plays from player.vimeo.com with dnt=1 when the poster is chosen from the keyboard", async () => {
    const { page, problems, offSite } = await open("projects/shelf-scout.html", 390);
    await page.locator("a.video-poster").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => frameSrc(page)).toBe(VIMEO_PLAYER);
    await expect.poll(() => offSite).toEqual([VIMEO_PLAYER]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("a project's facts", () => {
  it.each(WIDTHS)(
    "at %i px, show what it is built with and its demo; a slides link stays a link",
    async (width) => {
      const { page, problems, offSite } = await open("projects/soft-grasp.html", width);
      const tags = page.getByRole("list", { name: "Built with" }).getByRole("listitem");
      expect(await tags.allInnerTexts()).toEqual(["MuJoCo", "PyTorch", "LeRobot"]);
      const demo = page.getByRole("link", { name: "https://example.org/demos/soft-grasp" });
      expect(await demo.getAttribute("href")).toBe("https://example.org/demos/soft-grasp");
      expect(await page.locator("a.video-poster").count()).toBe(0);
      expect(await page.getByRole("link", { name: "https://example.org/slides/soft-grasp" }).count()).toBe(1);
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
      await page.screenshot({ path: `${SCREENSHOTS}/project-built-with-${width}.png`, fullPage: true });
      expect(offSite).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );
});
