import { appendFile, mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchedPage } from "../helpers/chromium.ts";
import { exampleRoot, REPO } from "../helpers/fixture-root.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { serveBuilt } from "../helpers/serve-built.ts";

/**
 * The sample event's home page in Chromium before judging (its prizes) and after it (a copy with
 * awards that name their prizes), at phone and desktop widths: prizes or winners, judges with their
 * photos, hosts and sponsors by tier with their logos, and the counts; axe finds nothing serious,
 * nothing runs off the screen, and screenshots go to test-results/screenshots/.
 */
const SCREENSHOTS = `${REPO}test-results/screenshots`;
const WIDTHS = [390, 1280];
const AWARDS = `awards:
  - name: Best overall project
    prize: best-overall
    projects: [soft-grasp]
    description: The demo that worked first time, on the real arm.
  - name: Best on real hardware
    prize: best-on-hardware
    projects: [stair-climber, swarm-lights]
  - name: Audience award
    projects: [warehouse-twin]
`;

let browser: Browser;
const servers: Server[] = [];
const sites: Record<"before" | "after", string> = { before: "", after: "" };

beforeAll(async () => {
  const before = await serveBuilt(await exampleRoot());
  const judged = await exampleRoot();
  await appendFile(join(judged, "records/event.yaml"), AWARDS);
  const after = await serveBuilt(judged);
  servers.push(before.server, after.server);
  [sites.before, sites.after] = [before.url, after.url];
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function open(state: "before" | "after", width: number, bypassCSP = false): Promise<Page> {
  // The reader's clock while teams register (the sample's registration closes 5 Dec 2026), not the
  // machine's: the page hides what closes (site.js), so a real clock would change it after that day.
  const { page, problems } = await watchedPage(
    browser,
    { viewport: { width, height: 900 }, bypassCSP },
    (context) => context.clock.install({ time: new Date("2026-12-03T10:00:00+01:00") }),
  );
  await page.goto(sites[state], { waitUntil: "networkidle" });
  (page as Page & { problems?: string[] }).problems = problems;
  return page;
}

/** Every image in `selector` as [its text, whether it loaded]. */
const images = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => [img.alt, img.complete && img.naturalWidth > 0]),
    );

describe("the home page before judging", () => {
  it("lists the prizes, one card each with its value, count and track, and no winners", async () => {
    const page = await open("before", 1280);
    const cards = page.locator("#prizes + ul .prize");
    expect(await cards.locator("h3").allInnerTexts()).toEqual([
      "Best overall project",
      "Best in simulation",
      "Best on real hardware",
      "Sim-to-real prize",
    ]);
    expect(await cards.nth(2).locator(".prize-value").innerText()).toBe(
      "An SO-100 arm kit for each team member ×2",
    );
    expect(await cards.locator(".note").allInnerTexts()).toEqual([
      "Open to every track",
      "Simulation track",
      "Hardware track",
      "Sim-to-real track",
    ]);
    expect(await page.locator("#winners").count()).toBe(0);
    await page.context().close();
  });

  it("shows the judges with their photos and the hosts and sponsors by tier with their logos, every image loaded", async () => {
    const page = await open("before", 1280);
    for (const selector of [".judge img", ".sponsors img"])
      await page.locator(selector).last().scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    // Lazy images start loading once scrolled into view, which network idle may come before.
    await expect
      .poll(() => images(page, ".judge img"))
      .toEqual([
        ["Dr Lena Hartmann", true],
        ["Kofi Mensah", true],
        ["Mei Tanaka", true],
      ]);
    expect(await page.locator(".judge .note").allInnerTexts()).toContain(
      "Robotics and Biology Lab, TU Berlin",
    );
    expect(await page.locator("#sponsors ~ h3").allTextContents()).toEqual([
      "Hosted by",
      "Gold sponsors",
      "Silver sponsors",
      "Partners",
    ]);
    await expect
      .poll(() => images(page, ".sponsors img"))
      .toEqual([
        ["Open Robotics Berlin", true],
        ["Werkhalle 7 Makerspace", true],
        ["Gelenk Robotics", true],
        ["Photon Lidar", true],
      ]);
    expect(await page.locator(".tier-partner li").innerText()).toBe("Offene Werkstätten Verein");
    // Every host has a tier, so the plain line is gone.
    expect(await page.locator(".hero").innerText()).not.toContain("Hosted by");
    await page.context().close();
  });

  it("counts teams, people, projects and teams recruiting, each a link to its list", async () => {
    const page = await open("before", 390);
    const counts = page.getByRole("list", { name: "The event so far" }).getByRole("link");
    expect(await counts.allInnerTexts()).toEqual([
      "9\nteams",
      "20\npeople",
      "10\nprojects",
      "5\nteams recruiting",
    ]);
    await counts.last().click();
    await page.waitForURL(`${sites.before}teams/?looking=1`);
    await page.context().close();
  });
});

describe("the home page after judging", () => {
  it("shows the winners, each award with its prize and its winning projects, in place of the prizes", async () => {
    const page = await open("after", 1280);
    expect(await page.locator("#prizes").count()).toBe(0);
    const awards = page.locator("#winners ~ section.award");
    expect(await awards.locator(".prize-line").allInnerTexts()).toEqual([
      "Prize: €2,000",
      "Prize: An SO-100 arm kit for each team member",
    ]);
    expect(
      await awards
        .nth(1)
        .locator("[data-slug]")
        .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug"))),
    ).toEqual(["stair-climber", "swarm-lights"]);
    await awards.first().getByRole("link", { name: "Soft Grasp" }).click();
    await page.waitForURL(`${sites.after}projects/soft-grasp.html`);
    await page.context().close();
  });
});

describe("the home page at 390 and 1280 px, before and after judging", () => {
  for (const state of ["before", "after"] as const)
    for (const width of WIDTHS)
      it(`${state} judging at ${width} px: nothing off the screen, axe clean, no script or policy error`, async () => {
        const page = await open(state, width, true);
        expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });
        // Buttons and fields are never squeezed narrower than their text.
        expect(
          await page
            .locator("main button, main .button, main select")
            .evaluateAll((els) =>
              els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.outerHTML),
            ),
        ).toEqual([]);
        // Lazy photos and logos load as they come near the screen: scroll them in before the picture.
        for (const img of await page.locator("main img").all()) await img.scrollIntoViewIfNeeded();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `${SCREENSHOTS}/home-${state}-judging-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        expect((page as Page & { problems?: string[] }).problems).toEqual([]);
        await page.context().close();
      });
});
