import { describe, expect, it } from "vitest";
import { judgingAssignment } from "../../../generator/derive/judging-assignment.ts";
import type { Model } from "../../../generator/derive/model.ts";
import { bodyText, type DocumentKind } from "../../../generator/render/shared/document.ts";
import { judgeLists } from "../../../generator/render/judging/judge-lists.ts";
import { JUDGE_PAGE_PROJECTS } from "../../../generator/render/judging/judge-sheets.ts";
import { judgingPages } from "../../../generator/render/judging/judging-pages.ts";
import { documents } from "../../../generator/render/registry.ts";
import {
  eventStyles,
  favicon,
  judgingScript,
  script,
  styles,
} from "../../../generator/render/shared/theme.ts";
import { judgingEvent } from "../../helpers/judging-event.ts";

/** Issue 56: a judge's page and what the browser loads before it shows it, at any event size. */
const LIMIT = 300 * 1024;

/** The judging documents and the theme's files of a model, by site path, as bytes. */
function render(model: Model): Map<string, Buffer> {
  const kinds: DocumentKind[] = [judgingPages, judgeLists, styles.kind, eventStyles.kind, script.kind];
  kinds.push(judgingScript.kind, favicon.kind);
  const site = { documents, rendered: [] };
  const files = new Map<string, Buffer>();
  for (const kind of kinds)
    for (const output of kind.render(model, site)) files.set(output.path, Buffer.from(bodyText(output)));
  return files;
}

/** A page's bytes and those of every file its head and body load (style sheets, icon, scripts). */
function firstLoad(path: string, files: Map<string, Buffer>): number {
  const page = files.get(path)!;
  const loads = [
    ...page.toString().matchAll(/<(?:link rel="(?:stylesheet|icon)" href|script src)="([^"]+)"/g),
  ];
  expect(loads.length).toBeGreaterThanOrEqual(4);
  return loads.reduce((sum, [, href]) => {
    const file = new URL(href!, `https://site.example/${path}`).pathname.slice(1);
    expect(files.has(file), `${path} loads ${file}`).toBe(true);
    return sum + files.get(file)!.length;
  }, page.length);
}

/** Each judge's pages, in order, as the judge's list says, each checked against its page's own projects. */
function judgesPages(model: Model, files: Map<string, Buffer>) {
  return judgingAssignment(model).judges.map((judge, i) => {
    const path = [...files.keys()].filter((p) => p.endsWith("/projects.json"))[i]!;
    const list = JSON.parse(files.get(path)!.toString()) as {
      judge: string;
      pages: Array<{ path: string; projects: string[] }>;
    };
    expect(list.judge).toBe(judge.name);
    // Every project of the judge's on exactly one page, in the assignment's order.
    expect(list.pages.flatMap((p) => p.projects)).toEqual(judge.projects);
    for (const page of list.pages) {
      const shown = [
        ...files
          .get(page.path)!
          .toString()
          .matchAll(/<li class="judge-project" data-project="([^"]+)">/g),
      ];
      expect(shown.map((m) => m[1])).toEqual(page.projects);
      expect(page.projects.length).toBeGreaterThan(0);
      expect(page.projects.length).toBeLessThanOrEqual(JUDGE_PAGE_PROJECTS);
    }
    return { list: path, pages: list.pages.map((p) => p.path) };
  });
}

describe("a judge's page at any event size", () => {
  it("stays within 300 KB with what it loads first at 10,000 projects and three judges, each given all of them", async () => {
    // One project in 100 at its longest, among the shared realistic event's kind of project.
    const model = await judgingEvent({ projects: 10_000, longest: (i) => i % 100 === 7 });
    const files = render(model);
    const judges = judgesPages(model, files);
    expect(judges).toHaveLength(3);
    for (const { pages, list } of judges) {
      expect(pages.length).toBeGreaterThanOrEqual(10_000 / JUDGE_PAGE_PROJECTS);
      expect(pages[0]).toMatch(/^judging\/[a-z0-9-]+\.html$/);
      for (const path of pages) expect(firstLoad(path, files), path).toBeLessThanOrEqual(LIMIT);
      // Its page links say they are pages: they sit just below the project's own Previous and Next.
      const second = files.get(pages[1]!)!.toString();
      expect(second).toContain("your scores on every page are kept together");
      expect(second).toMatch(/rel="prev">← Previous page<\/a>/);
      expect(second).toMatch(/rel="next">Next page →<\/a>/);
      // Fetched once the page is shown: slugs only, about 25 bytes a project.
      expect(files.get(list)!.length).toBeLessThan(10_000 * 32);
    }
    expect(firstLoad("judging/index.html", files)).toBeLessThanOrEqual(LIMIT);
  }, 60_000);

  it("ends a page early when its projects are at their longest, so even then it stays within 300 KB", async () => {
    const model = await judgingEvent({ projects: 120, longest: () => true, longestEvent: true });
    const files = render(model);
    const judges = judgesPages(model, files);
    const sizes = judges.flatMap(({ pages }) => pages.map((path) => firstLoad(path, files)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LIMIT);
    // Each such project is about 50 KB on the page: pages of three, not of 40.
    expect(judges[0]!.pages.length).toBe(40);
  }, 60_000);
});
