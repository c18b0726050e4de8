import { describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { expoPages } from "../../../generator/render/expo/expo-pages.ts";
import { livePage } from "../../../generator/render/expo/live-page.ts";
import { tableCards } from "../../../generator/render/expo/table-cards.ts";
import { bodyText, type DocumentKind } from "../../../generator/render/shared/document.ts";
import { documents } from "../../../generator/render/registry.ts";
import { eventStyles, favicon, script, styles } from "../../../generator/render/shared/theme.ts";
import { withFloor } from "../../helpers/expo-floor.ts";
import { judgingEvent } from "../../helpers/judging-event.ts";

/** Issue 58: every expo page and what the browser loads before it shows it, as the list pages' bound. */
const LIMIT = 300 * 1024;

function render(model: Model): Map<string, Buffer> {
  const kinds: DocumentKind[] = [
    expoPages,
    tableCards,
    livePage,
    styles.kind,
    eventStyles.kind,
    script.kind,
    favicon.kind,
  ];
  const files = new Map<string, Buffer>();
  for (const kind of kinds)
    for (const output of kind.render(model, { documents, rendered: [] }))
      files.set(output.path, Buffer.from(bodyText(output)));
  return files;
}

/** The largest page's bytes with every file its head loads, and every project's slug on the pages, in order. */
function measure(files: Map<string, Buffer>, prefix: RegExp, row: RegExp) {
  const pages = [...files.keys()].filter((p) => prefix.test(p));
  let largest = 0;
  const slugs: string[] = [];
  for (const path of pages) {
    const page = files.get(path)!.toString();
    const loads = [...page.matchAll(/<(?:link rel="(?:stylesheet|icon)" href|script src)="([^"]+)"/g)];
    expect(loads.length).toBeGreaterThanOrEqual(4);
    const bytes = loads.reduce(
      (sum, [, href]) =>
        sum + files.get(new URL(href!, `https://site.example/${path}`).pathname.slice(1))!.length,
      page.length,
    );
    largest = Math.max(largest, bytes);
    slugs.push(...[...page.matchAll(row)].map((m) => m[1]!));
  }
  return { pages: pages.length, largest, slugs };
}

const PLAN = /^expo\/(index\.html|page\/\d+\.html)$/;
const CARDS = /^expo\/cards\/(index\.html|page\/\d+\.html)$/;
const ROW = /<td data-label="Project"><a href="(?:\.\.\/)+projects\/([^"]+)\.html">/g;
const CARD = /<article class="table-card" aria-labelledby="card-([^"]+)">/g;

describe("the expo's pages at any event size", () => {
  it("stay within 300 KB with what they load first at 10,000 projects, each project on one plan page and each table on one card", async () => {
    const model = withFloor(await judgingEvent({ projects: 10_000, longest: (i) => i % 100 === 7 }), {
      main: 5_000,
    });
    const files = render(model);
    const plan = measure(files, PLAN, ROW);
    const cards = measure(files, CARDS, CARD);
    expect(plan.slugs).toEqual(model.projects.map((p) => p.slug));
    expect(cards.slugs).toEqual(model.projects.filter((p) => p.table).map((p) => p.slug));
    expect(plan.largest).toBeLessThan(LIMIT);
    expect(cards.largest).toBeLessThan(LIMIT);
    expect(files.get("live/index.html")!.length).toBeLessThan(LIMIT);
    expect(plan.pages).toBeGreaterThanOrEqual(50);
  }, 60_000);

  it("end a page early when every project is at its longest, so even then each stays within 300 KB", async () => {
    const model = withFloor(await judgingEvent({ projects: 300, longest: () => true }), { main: 150 });
    const files = render(model);
    const plan = measure(files, PLAN, ROW);
    const cards = measure(files, CARDS, CARD);
    expect(plan.slugs).toEqual(model.projects.map((p) => p.slug));
    expect(plan.largest).toBeLessThan(LIMIT);
    expect(cards.largest).toBeLessThan(LIMIT);
    expect(plan.pages).toBeGreaterThan(2);
  }, 60_000);
});
