import type { Model } from "../../derive/model.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";
import { fromView, type Output } from "../shared/document.ts";
import { raw, type Html } from "../shared/html.ts";
import { layout, type FrameView, type Page } from "../shared/layout.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { judgeBody, sheetPath } from "./judge-page.ts";
import { judgeOverBody } from "./judging-over.ts";
import { judgeSheets } from "./judge-sheets.ts";
import { projectItems } from "./project-item.ts";

type SheetPage = Omit<Page, "body" | "licence"> & { body: string };

/** What a judge's page is rendered from: the site frame and its own page, projects and all. */
interface SheetView {
  frame: FrameView;
  page: SheetPage;
}

/**
 * Each page of each judge's list, made from a view that holds only that page's projects: a record
 * change renders and writes only the pages that show it (page-manifest.ts), not every judge's list.
 */
export function* judgeSheetPages(model: Model, frame: FrameView): Generator<Output> {
  const keep = model.projects.some((p) => keptFromEarlierBuild(p));
  const made = new Map<string, Made>();
  // All the body reads of the event: the same on every page of every judge.
  const { archived } = model.phase;
  const event = JSON.stringify([
    model.event.name,
    model.event.judging.scale,
    model.event.judgingCriteria,
    archived,
    model.event.awards.length > 0,
  ]);
  for (const sheets of judgeSheets(model))
    for (const sheet of sheets) {
      const path = sheetPath(sheet);
      const local = linksFrom(model.baseUrl, path);
      const items = sheet.projects.map(projectItems(model, local));
      const { judge, n, count, offset, before, after } = sheet;
      const text = [event, judge.name, judge.path, judge.projects.length, n, count, offset, before, after];
      const known = keep ? pages.get(model.baseUrl)?.get(path) : undefined;
      const page =
        known && sameAll(known.text, text) && sameAll(known.items, items)
          ? known.page
          : {
              path,
              title: n === 1 ? `Judging: ${judge.name}` : `Judging: ${judge.name}, page ${n} of ${count}`,
              description: `The projects ${judge.name} ${archived ? "judged" : "scores"} at ${model.event.name}.`,
              // An archived edition's judging is over: its judges' pages list their projects to read.
              body: (archived ? judgeOverBody : judgeBody)(model, sheet, items, local).value,
            };
      if (keep) made.set(path, { text, items, page });
      yield fromView(path, { frame, page } satisfies SheetView, renderSheet);
    }
  // An edition's pages replace its own only: an archived one, rendered after, keeps none and would
  // have thrown the current edition's away (kept-key.ts).
  if (made.size) pages.set(model.baseUrl, made);
  else pages.delete(model.baseUrl);
}

interface Made {
  text: unknown[];
  items: Html[];
  page: SheetPage;
}

/**
 * Each judge's page as the last build made it, by edition (its base URL: kept-key.ts) and path: under
 * `npm run dev` a page whose items are the same objects (project-item.ts keeps them) and whose text
 * is the same is the same object, whose key the writer already has (page-manifest.ts), so it is
 * neither made nor hashed again.
 */
const pages = new Map<string, Map<string, Made>>();

const sameAll = <V>(a: readonly V[], b: readonly V[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function renderSheet({ frame, page }: SheetView): string {
  return layout(frame, { ...page, body: raw(page.body), licence: "submitters" }).value;
}
