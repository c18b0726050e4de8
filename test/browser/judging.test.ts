import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCORE_FORMAT } from "../../generator/judging/score-file.ts";
import { watchedPage } from "../helpers/chromium.ts";
import { exampleInBrowser, SCREENSHOTS } from "../helpers/example-in-browser.ts";
import { seriousViolations, sidewaysOverflow } from "../helpers/page-checks.ts";
import { EXAMPLE_CRITERIA, EXAMPLE_ORDER } from "../judging/score-files.ts";

/**
 * The judging page in Chromium at phone and desktop widths, on the sample event (three judges, each
 * given all ten projects, four criteria from 1 to 5): a judge picks their name, scores projects one
 * at a time, reloads and finds them, exports the file and goes on from it in a fresh profile.
 */
const WIDTHS = [390, 1280];
const scene = exampleInBrowser();

async function open(width: number, path = "judging/") {
  const viewport = { width, height: 900 };
  const { page, problems } = await watchedPage(scene.browser, { viewport, acceptDownloads: true });
  await page.goto(scene.site + path);
  return { page, problems };
}

/** The project on screen: its heading, and only one project shows at a time. */
async function shown(page: Page): Promise<string> {
  const visible = page.locator("li.judge-project:visible");
  await expect.poll(() => visible.count()).toBe(1);
  return (await visible.locator("h2").textContent())!;
}

/** Scores the project on screen: `scores[c]` for criterion c, and a note. */
async function score(page: Page, scores: readonly number[], note?: string) {
  const item = page.locator("li.judge-project:visible");
  for (const [c, value] of scores.entries())
    await item
      .getByRole("group", { name: new RegExp(`^${EXAMPLE_CRITERIA[c]}`) })
      .getByLabel(String(value), { exact: true })
      .check();
  if (note !== undefined) await item.getByLabel(/Private note/).fill(note);
}

async function download(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download score file" }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8") };
}

const status = (page: Page) => page.locator("[data-file-status]").textContent();
const opened = (page: Page) => page.locator("[data-open-status]").textContent();
const progress = (page: Page) => page.locator("[data-progress]").textContent();

describe("the judging page", () => {
  it("says when every project is scored, and links the score file", async () => {
    const { page, problems } = await open(390, "judging/dr-lena-hartmann.html");
    const all = Object.fromEntries(
      EXAMPLE_ORDER.map((slug) => [slug, Object.fromEntries(EXAMPLE_CRITERIA.map((c) => [c, 3]))]),
    );
    const file = {
      format: SCORE_FORMAT,
      event: "Physical AI Sprint 2026",
      judge: "Dr Lena Hartmann",
      scale: 5,
      scores: all,
    };
    await page.getByLabel(/Or paste/).fill(JSON.stringify(file));
    await page.getByRole("button", { name: "Open pasted text" }).click();
    await expect
      .poll(() => progress(page))
      .toBe("All 10 projects scored: send the organiser your score file.");
    await page.getByRole("link", { name: "send the organiser your score file" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#score-file");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(WIDTHS)(
    "at %i px: pick a name, score three projects, reload, and the scores are there",
    async (width) => {
      const { page, problems } = await open(width);
      await page.screenshot({ path: `${SCREENSHOTS}/judging-index-${width}.png`, fullPage: true });
      await page.getByRole("link", { name: "Mei Tanaka" }).click();
      await page.waitForURL(/judging\/mei-tanaka\.html/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Judging: Mei Tanaka");
      expect(await progress(page)).toBe("0 of 10 projects scored");
      // One form, the shown project's: a judge with thousands of projects waits for none of the others.
      expect(await page.locator(".score-form").count()).toBe(1);
      const first = await shown(page);
      await score(page, [5, 4, 4, 5], "ask about the sensor");
      await page.screenshot({ path: `${SCREENSHOTS}/judging-scored-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Next project →" }).click();
      const second = await shown(page);
      expect(second).not.toBe(first);
      // The heading takes focus, so a screen reader hears which project came.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(second);
      await score(page, [3, 3, 2, 4]);
      await page.getByRole("button", { name: "Next project →" }).click();
      const third = await shown(page);
      await score(page, [1, 2, 3, 4]);
      expect(await progress(page)).toBe("3 of 10 projects scored, saved on this device");
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, outside: [] });

      // The address names the project, yet a tab opened at it starts at the top, at the judge's name.
      const tab = await page.context().newPage();
      await tab.goto(page.url());
      expect(await shown(tab)).toBe(third);
      expect(await tab.evaluate(() => scrollY)).toBe(0);
      await tab.close();
      await page.reload();
      // The address names the project on screen, so a reload comes back to it with all three kept.
      expect(await shown(page)).toBe(third);
      expect(await progress(page)).toBe("3 of 10 projects scored, saved on this device");
      const item = page.locator("li.judge-project:visible");
      expect(
        await item
          .getByRole("group", { name: /^Usefulness/ })
          .getByLabel("3", { exact: true })
          .isChecked(),
      ).toBe(true);
      await page.getByRole("button", { name: "← Previous" }).click();
      await page.getByRole("button", { name: "← Previous" }).click();
      expect(await shown(page)).toBe(first);
      expect(
        await page
          .locator("li.judge-project:visible")
          .getByLabel(/Private note/)
          .inputValue(),
      ).toBe("ask about the sensor");
      await page.screenshot({ path: `${SCREENSHOTS}/judging-reloaded-${width}.png`, fullPage: true });

      // The index offers the judge who scored here their page again.
      await page.goto(scene.site + "judging/");
      await page.getByRole("link", { name: "Go on as Mei Tanaka →" }).click();
      await page.waitForURL(/judging\/mei-tanaka\.html/);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it.each(WIDTHS)(
    "at %i px: exports the score file, which opens in a fresh profile to go on",
    async (width) => {
      const { page, problems } = await open(width, "judging/kofi-mensah.html");
      await score(page, [2, 3, 4, 5], "a <b>bold</b> claim");
      await page.getByRole("button", { name: "Next project →" }).click();
      await score(page, [5, 5, 5, 5]);
      const file = await download(page);
      expect(file.name).toBe("scores-kofi-mensah.json");
      const exported = JSON.parse(file.text);
      expect(Object.keys(exported)).toEqual(["format", "event", "judge", "scale", "scores", "savedAt"]);
      expect(exported).toMatchObject({
        format: SCORE_FORMAT,
        event: "Physical AI Sprint 2026",
        judge: "Kofi Mensah",
        scale: 5,
      });
      expect(Object.values(exported.scores)).toEqual([
        {
          "Technical depth": 2,
          "Works on the day": 3,
          Usefulness: 4,
          Openness: 5,
          note: "a <b>bold</b> claim",
        },
        { "Technical depth": 5, "Works on the day": 5, Usefulness: 5, Openness: 5 },
      ]);
      await page.screenshot({ path: `${SCREENSHOTS}/judging-exported-${width}.png`, fullPage: true });
      await page.context().close();

      // Another device: nothing there, until the file is opened.
      const fresh = await open(width, "judging/kofi-mensah.html");
      expect(await progress(fresh.page)).toBe("0 of 10 projects scored");
      await fresh.page
        .getByLabel("Open a file")
        .setInputFiles({ name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text) });
      await expect
        .poll(() => opened(fresh.page))
        .toBe(`Opened ${file.name}: scores for 2 of your projects. Go on where you left off.`);
      expect(await progress(fresh.page)).toBe("2 of 10 projects scored, saved on this device");
      // It goes on at the first project not yet scored, and the next score joins the file's.
      expect(await shown(fresh.page)).toBe(await thirdTitle(fresh.page));
      await score(fresh.page, [1, 1, 1, 1]);
      const again = JSON.parse((await download(fresh.page)).text);
      expect(Object.keys(again.scores)).toHaveLength(3);
      expect(again.scores[Object.keys(exported.scores)[0]!].note).toBe("a <b>bold</b> claim");
      // The note is text on the page, never markup.
      await fresh.page.getByRole("button", { name: "← Previous" }).click();
      await fresh.page.getByRole("button", { name: "← Previous" }).click();
      expect(await fresh.page.locator("li.judge-project:visible b").count()).toBe(0);
      await fresh.page.screenshot({ path: `${SCREENSHOTS}/judging-opened-${width}.png`, fullPage: true });
      expect([...problems, ...fresh.problems]).toEqual([]);
      await fresh.page.context().close();
    },
  );

  it.each(WIDTHS)(
    "at %i px: passes axe-core with a project scored and the file section open",
    async (width) => {
      const { page } = await watchedPage(scene.browser, {
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      await page.goto(scene.site + "judging/dr-lena-hartmann.html");
      await score(page, [4, 4, 4, 4], "fine");
      await page.getByRole("button", { name: "Copy as text" }).click();
      await page.locator("details summary").click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(scene.site + "judging/");
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
  );

  it("copies the score file as text, for a judge who would rather paste it into a message", async () => {
    const { page, problems } = await watchedPage(
      scene.browser,
      { viewport: { width: 390, height: 900 } },
      (context) => context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: scene.site }),
    );
    await page.goto(scene.site + "judging/mei-tanaka.html");
    await score(page, [3, 3, 3, 3]);
    await page.getByRole("button", { name: "Copy as text" }).click();
    await expect
      .poll(() => status(page))
      .toBe("Copied your score file: paste it into a message to the organiser.");
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({ judge: "Mei Tanaka", scale: 5 });
    expect(Object.values(copied.scores)).toEqual([
      { "Technical depth": 3, "Works on the day": 3, Usefulness: 3, Openness: 3 },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("refuses a file it cannot judge, says why, and keeps every score on the device", async () => {
    const { page, problems } = await open(390, "judging/mei-tanaka.html");
    await score(page, [2, 2, 2, 2], "kept");
    const good = JSON.parse((await download(page)).text);
    const cases: Array<[string, string, RegExp]> = [
      [
        "truncated.json",
        JSON.stringify(good).slice(0, 60),
        /as it is not a whole score file \(.*\): it may be cut short; export it again\.$/,
      ],
      [
        "other-event.json",
        JSON.stringify({ ...good, event: "Another Jam" }),
        /as it is for "Another Jam", and this page is for Physical AI Sprint 2026\.$/,
      ],
      [
        // A direction override in the file's words is shown as its escape, never obeyed.
        "backwards.json",
        JSON.stringify({ ...good, event: "maJ \u202eAnother" }),
        /as it is for "maJ \\u202eAnother", and this page is for Physical AI Sprint 2026\.$/,
      ],
      [
        "other-judge.json",
        JSON.stringify({ ...good, judge: "Kofi Mensah" }),
        /as it holds the scores of "Kofi Mensah", and this is Mei Tanaka's page: open theirs from the judging page\.$/,
      ],
      [
        "off-scale.json",
        JSON.stringify({ ...good, scores: { "soft-grasp": { Usefulness: 7 } } }),
        /as "soft-grasp"'s "Usefulness" is 7, not a whole number from 1 to 5\.$/,
      ],
      [
        "not-a-judge.json",
        JSON.stringify({ ...good, judge: "Nobody" }),
        /as it holds the scores of "Nobody"/,
      ],
      [
        "proto.json",
        JSON.stringify(good).replace('"scores":{', '"scores":{"__proto__":{"Usefulness":3},'),
        /as "__proto__" is not a project's slug\.$/,
      ],
    ];
    for (const [name, text, why] of cases) {
      await page
        .getByLabel("Open a file")
        .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
      await expect
        .poll(() => opened(page))
        .toMatch(
          new RegExp(`^Nothing was changed: ${name.replace(".", "\\.")} was not opened, ${why.source}`),
        );
      expect(await page.locator("[data-open-status]").getAttribute("class")).toBe("problem");
    }
    await page.screenshot({ path: `${SCREENSHOTS}/judging-refused-390.png`, fullPage: true });
    await page.reload();
    expect(await progress(page)).toBe("1 of 10 projects scored, saved on this device");
    expect(JSON.parse((await download(page)).text).scores).toEqual(good.scores);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript, lists the judge's projects and says scoring needs it", async () => {
    const { page } = await watchedPage(scene.browser, {
      viewport: { width: 390, height: 900 },
      javaScriptEnabled: false,
    });
    await page.goto(scene.site + "judging/mei-tanaka.html");
    expect(await page.locator("li.judge-project:visible").count()).toBe(10);
    expect(await page.getByText(/Scoring on this page needs JavaScript/).isVisible()).toBe(true);
    expect(await page.getByRole("button").count()).toBe(0);
    await page.context().close();
  });
});

/** The title of the third project in the page's order. */
async function thirdTitle(page: Page): Promise<string> {
  return (await page.locator("li.judge-project h2").nth(2).textContent())!;
}
