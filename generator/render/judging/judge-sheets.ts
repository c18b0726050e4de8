import { cutBySize } from "../shared/cut-by-size.ts";
import type { Model } from "../../derive/model.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { judgePages, type JudgeSheet } from "./judge-page.ts";
import { judgePagePath } from "./judge-paths.ts";
import { itemBytes, projectItems } from "./project-item.ts";

/**
 * The most projects on one page of a judge's: a judge with no more than `judging.perJudgeMax`
 * (about 40, the most a person scores in an afternoon) has one page, as before pages.
 */
export const JUDGE_PAGE_PROJECTS = 40;

/**
 * The most markup a page's projects may take, in bytes. A realistic project is about 0.7 KB (40
 * are 28 KB), but the schema lets one take about 50 KB (a title, tagline, robots and three links
 * at their longest, all characters HTML escapes): a page of such projects ends early. With the
 * frame, four criteria at their longest and the page's style sheets and scripts, a page and what it
 * loads first stay within 300 KB (test/render/judging/judge-page-size.test.ts).
 */
export const JUDGE_PAGE_ITEM_BYTES = 160 * 1024;

/**
 * Items in pages, in order: each page takes the next until it holds JUDGE_PAGE_PROJECTS or the
 * next would pass JUDGE_PAGE_ITEM_BYTES; a page holds at least one. No list gives no page.
 */
export function cutPages<T>(items: readonly T[], bytes: (item: T) => number): T[][] {
  return cutBySize(items, JUDGE_PAGE_PROJECTS, JUDGE_PAGE_ITEM_BYTES, bytes);
}

const sheets = new WeakMap<Model, JudgeSheet[][]>();

/**
 * Each judge's pages, in the judges' order (a judge with no projects has one, empty). Made once per
 * model: the pages and the judges' lists (judge-lists.ts) both read them. Projects are measured as
 * the later pages show them, whose links climb further than the first page's.
 */
export function judgeSheets(model: Model): JudgeSheet[][] {
  let known = sheets.get(model);
  if (known) return known;
  const deep = projectItems(model, linksFrom(model.baseUrl, judgePagePath("judging/a.html", 2)));
  known = judgePages(model).map((judge) => {
    const cut = cutPages(judge.projects, (p) => itemBytes(deep(p)));
    if (cut.length === 0) cut.push([]);
    let offset = 0;
    return cut.map((projects, i) => {
      const sheet: JudgeSheet = {
        judge,
        n: i + 1,
        count: cut.length,
        offset,
        projects,
        before: i > 0 ? cut[i - 1]!.at(-1)!.slug : null,
        after: cut[i + 1]?.[0]?.slug ?? null,
      };
      offset += projects.length;
      return sheet;
    });
  });
  sheets.set(model, known);
  return known;
}
