import type { Model } from "../../derive/model.ts";
import { fromView, type Output, type SiteContext } from "../shared/document.ts";
import { html, raw, type Html } from "../shared/html.ts";
import { frameView, layout, type FrameView, type Page } from "../shared/layout.ts";
import { linksFrom, upTo } from "../shared/relative-url.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";
import { keptKey } from "../shared/kept-key.ts";

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
  /** What the page says while the list is empty: how to be the first. */
  empty: (local: (url: string) => string) => Html;
}

/**
 * A list cut into pages with stable addresses, every record on one of them, so the list works
 * without JavaScript; the filter (site.js) searches every record through the API instead. Pages
 * are made one at a time, as they are written.
 */
export function* listPages<T>(list: ListPages<T>): Generator<Output> {
  const count = Math.max(1, Math.ceil(list.items.length / PER_PAGE));
  const frame = frameView(list.model, list.site);
  const keep = list.items.some((item) => keptFromEarlierBuild(item as object));
  // The intro differs only by the page's depth (its links are relative): made once for each.
  const intros = new Map<string, Html>();
  for (let n = 1; n <= count; n++) {
    const path = listPagePath(list.section, n);
    const local = linksFrom(list.model.baseUrl, path);
    const items = list.items.slice((n - 1) * PER_PAGE, n * PER_PAGE);
    const up = upTo(path);
    if (!intros.has(up)) intros.set(up, list.intro(local));
    const cards = items.map((item) => list.card(item, local));
    const title = n === 1 ? list.title : `${list.title}, page ${n} of ${count}`;
    const intro = intros.get(up)!;
    const empty = items.length ? "" : list.empty(local).value;
    const text = [title, list.description, intro.value, empty, String(count)];
    const key = keptKey(list.model, path);
    const known = keep ? pages.get(key) : undefined;
    const page =
      known && sameAll(known.text, text) && sameAll(known.cards, cards)
        ? known.page
        : {
            path,
            title,
            description: list.description,
            body: listBody(list, intro, cards, n, count, local, empty),
          };
    if (keep) pages.set(key, { text, cards, page });
    yield fromView(n === 1 ? `${list.section}index.html` : path, { frame, page }, renderListPage);
  }
}

/**
 * Each list page's view as the last build made it, by its full address (kept-key.ts): under `npm run dev` a page whose
 * cards are the same objects (cards.ts keeps them) and whose text is the same is the same object,
 * which the writer's key has already hashed (page-manifest.ts), so it is neither made nor hashed.
 */
const pages = new Map<string, { text: string[]; cards: Html[]; page: ListPage }>();

type ListPage = Omit<Page, "body" | "licence"> & { body: string };

const sameAll = <V>(a: readonly V[], b: readonly V[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** A list page's body: the intro, then its cards and the links to the other pages. */
function listBody<T>(
  list: ListPages<T>,
  intro: Html,
  cards: readonly Html[],
  n: number,
  count: number,
  local: (url: string) => string,
  empty: string,
): string {
  return html`${intro}
${
  cards.length
    ? html`<ul class="cards" id="list">
${cards}</ul>
${count > 1 ? pageNav((k) => listPagePath(list.section, k), n, count, local) : ""}`
    : html`<p class="note">${raw(empty)}</p>`
}`.value;
}

/** A list page: its cards rendered, in the site frame. */
function renderListPage({ frame, page }: { frame: FrameView; page: ListPage }) {
  return layout(frame, { ...page, body: raw(page.body), licence: "submitters" }).value;
}

/** First, last, and two either side of the current page (`pathOf` gives each page's site path), with previous and next. */
export function pageNav(
  pathOf: (n: number) => string,
  current: number,
  count: number,
  local: (url: string) => string,
  words = { previous: "Previous", next: "Next" },
): Html {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, count])]
    .filter((n) => n >= 1 && n <= count)
    .sort((a, b) => a - b);
  const link = (n: number, label: string | number, rel?: string) =>
    html`<a href="${local(pathOf(n))}"${rel ? html` rel="${rel}"` : ""}>${label}</a>`;
  const items: Html[] = [];
  if (current > 1) items.push(html`<li>${link(current - 1, words.previous, "prev")}</li>`);
  shown.forEach((n, i) => {
    if (i && n > shown[i - 1]! + 1) items.push(html`<li aria-hidden="true">…</li>`);
    items.push(
      n === current
        ? html`<li><a href="${local(pathOf(n))}" aria-current="page">${n}</a></li>`
        : html`<li>${link(n, n)}</li>`,
    );
  });
  if (current < count) items.push(html`<li>${link(current + 1, words.next, "next")}</li>`);
  return html`<nav class="pages" aria-label="Pages" id="pages">
<ul>${items}</ul>
</nav>`;
}
