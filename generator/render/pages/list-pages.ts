import type { Model } from "../../derive/model.ts";
import { fromView, type Output, type SiteContext } from "../shared/document.ts";
import { html, raw, type Html } from "../shared/html.ts";
import { frameView, layout, type FrameView, type Page } from "../shared/layout.ts";
import { linksFrom, upTo } from "../shared/relative-url.ts";

/** Cards per list page: a realistic page stays far below 300 KB (docs/performance.md). */
export const PER_PAGE = 48;

/** The site path of page `n` of a list: `projects/`, then `projects/page/2.html`; no slug holds a `/`. */
export const listPagePath = (section: string, n: number): string =>
  n === 1 ? section : `${section}page/${n}.html`;

export interface ListPages<T> {
  model: Model;
  site: SiteContext;
  /** `projects/` or `teams/`. */
  section: string;
  title: string;
  description: string;
  items: readonly T[];
  /** What is the same on every page above the cards: the heading, counts and the filter form. */
  intro: (local: (url: string) => string) => Html;
  card: (item: T, local: (url: string) => string) => Html;
  empty: string;
}

/**
 * A list cut into pages with stable addresses, every record on one of them, so the list works
 * without JavaScript; the filter (site.js) searches every record through the API instead. Pages
 * are made one at a time, as they are written.
 */
export function* listPages<T>(list: ListPages<T>): Generator<Output> {
  const count = Math.max(1, Math.ceil(list.items.length / PER_PAGE));
  const frame = frameView(list.model, list.site);
  // The intro differs only by the page's depth (its links are relative): made once for each.
  const intros = new Map<string, Html>();
  for (let n = 1; n <= count; n++) {
    const path = listPagePath(list.section, n);
    const local = linksFrom(list.model.baseUrl, path);
    const items = list.items.slice((n - 1) * PER_PAGE, n * PER_PAGE);
    const up = upTo(path);
    if (!intros.has(up)) intros.set(up, list.intro(local));
    const body = html`${intros.get(up)!}
${
  items.length
    ? html`<ul class="cards" id="list">
${items.map((item) => list.card(item, local))}</ul>
${count > 1 ? pageNav(list.section, n, count, local) : ""}`
    : html`<p class="note">${list.empty}</p>`
}`;
    const page = {
      path,
      title: n === 1 ? list.title : `${list.title}, page ${n} of ${count}`,
      description: list.description,
      body: body.value,
    };
    yield fromView(n === 1 ? `${list.section}index.html` : path, { frame, page }, renderListPage);
  }
}

/** A list page: its cards rendered, in the site frame. */
function renderListPage({
  frame,
  page,
}: {
  frame: FrameView;
  page: Omit<Page, "body" | "licence"> & { body: string };
}) {
  return layout(frame, { ...page, body: raw(page.body), licence: "submitters" }).value;
}

/** First, last, and two either side of the current page, with previous and next. */
function pageNav(section: string, current: number, count: number, local: (url: string) => string): Html {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, count])]
    .filter((n) => n >= 1 && n <= count)
    .sort((a, b) => a - b);
  const link = (n: number, label: string | number, rel?: string) =>
    html`<a href="${local(listPagePath(section, n))}"${rel ? html` rel="${rel}"` : ""}>${label}</a>`;
  const items: Html[] = [];
  if (current > 1) items.push(html`<li>${link(current - 1, "Previous", "prev")}</li>`);
  shown.forEach((n, i) => {
    if (i && n > shown[i - 1]! + 1) items.push(html`<li aria-hidden="true">…</li>`);
    items.push(
      n === current
        ? html`<li><a href="${local(listPagePath(section, n))}" aria-current="page">${n}</a></li>`
        : html`<li>${link(n, n)}</li>`,
    );
  });
  if (current < count) items.push(html`<li>${link(current + 1, "Next", "next")}</li>`);
  return html`<nav class="pages" aria-label="Pages" id="pages">
<ul>${items}</ul>
</nav>`;
}
