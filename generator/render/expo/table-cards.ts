import type { KeptParts } from "../../cache/rendered-parts.ts";
import type { ProjectEntry } from "../../derive/model.ts";
import { fromView, HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html, raw, type Html } from "../shared/html.ts";
import { frameView, layout, type FrameView } from "../shared/layout.ts";
import { text } from "../shared/parts.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { listPagePath, pageNav } from "../pages/list-pages.ts";
import { expoOrder } from "./expo-order.ts";
import { pagesBySize } from "./pages-by-size.ts";
import { QR_MAX_BYTES, qrSvg } from "./qr-svg.ts";

export const CARDS_PATH = "expo/cards/";

/** Cards per page at most (fewer where cards at their longest would pass PAGE_BYTES). */
export const CARDS_PER_PAGE = 24;

/** What a card shows, as plain data: a page is rendered from these alone (document.ts's FromView). */
interface Card {
  slug: string;
  label: string;
  area: string | null;
  title: string;
  team: string;
  /** The project page's absolute address: what the code holds and the card prints. */
  url: string;
}

interface CardsView {
  frame: FrameView;
  baseUrl: string;
  path: string;
  n: number;
  count: number;
  cards: Card[];
  /** An archived edition's expo is over: with no card, it says none was made, and promises none. */
  archived: boolean;
}

/**
 * One printable card per table (an A5 page, half an A4 sheet, by site.css's print rules): the
 * table, the project's title and team, and a QR code to the project's page, drawn at build time.
 * Only projects with a table have one; in floor order, in pages of CARDS_PER_PAGE. Each page is
 * rendered from its cards' data, so a build that finds a page's cards unchanged draws no code again.
 */
export const tableCards: DocumentKind = {
  name: "table-cards",
  path: `${CARDS_PATH}index.html`,
  alsoWrites: [`${CARDS_PATH}page/<n>.html`],
  mediaType: HTML_TYPE,
  description:
    "A printable card per expo table, an A5 page (half an A4 sheet): the table, the project's title and team, and a QR code to its page.",
  sitemap: true,
  *render(model, site) {
    const cards = expoOrder(model).flatMap(({ project, team }) =>
      project.table ? [cardOf(project, team)] : [],
    );
    // A page is cut by its cards' text, each code counted at its largest: the cut needs no code drawn.
    const deep = linksFrom(model.baseUrl, listPagePath(CARDS_PATH, 2));
    const pages = pagesBySize(
      cards,
      CARDS_PER_PAGE,
      (c) => Buffer.byteLength(cardHtml(c, "", deep).value) + QR_MAX_BYTES,
    );
    const frame = frameView(model, site);
    for (let n = 1; n <= pages.length; n++) {
      const path = listPagePath(CARDS_PATH, n);
      const view: CardsView = {
        frame,
        baseUrl: model.baseUrl,
        path,
        n,
        count: pages.length,
        cards: pages[n - 1]!,
        archived: model.phase.archived,
      };
      yield fromView(n === 1 ? `${CARDS_PATH}index.html` : path, view, (v: CardsView) =>
        renderCards(v, site.parts),
      );
    }
  },
};

function cardOf(p: ProjectEntry, team: string): Card {
  const table = p.table!;
  return {
    slug: p.slug,
    label: table.label,
    area: table.area?.name ?? null,
    title: p.title,
    team,
    url: p.url,
  };
}

function renderCards(
  { frame, baseUrl, path, n, count, cards, archived }: CardsView,
  parts?: KeptParts,
): string {
  const local = linksFrom(baseUrl, path);
  // Drawn shortest address first: `qr` keeps the template of one symbol size (version) at a time,
  // and addresses of one length share a size, so a page of mixed lengths builds each template once.
  const codes: string[] = [];
  for (const i of cards.map((_, i) => i).sort((a, b) => cards[a]!.url.length - cards[b]!.url.length))
    codes[i] = qrSvg(cards[i]!.url, `QR code: the page of ${cards[i]!.title}`, parts);
  const shown = cards.map((c, i) => cardHtml(c, codes[i]!, local));
  const body = html`<div class="table-cards">
<h1>Table cards${count > 1 ? html` <span class="note">page ${n} of ${count}</span>` : ""}</h1>
<p class="note screen-only">Print this page: one card per table, each on an A5 page (half an A4 sheet). Each code opens the project's page. Back to the <a href="${local("expo/")}">floor plan</a>.</p>
${onThisComputer(baseUrl) ? html`<p class="notice screen-only">These codes open ${baseUrl}, an address on this computer only: print the cards from the published site, or build with its address (<code>npm run build -- --base-url URL</code>).</p>\n` : ""}${shown.length ? shown : html`<p class="note">${archived ? "No project had a table." : "No project has a table yet."}</p>\n`}${count > 1 ? pageNav((k) => listPagePath(CARDS_PATH, k), n, count, local, { previous: "Previous page", next: "Next page" }) : ""}</div>`;
  return layout(frame, {
    path,
    title: n === 1 ? "Table cards" : `Table cards, page ${n} of ${count}`,
    description: `A printable card for each expo table of ${frame.eventName}, with a code to the project's page.`,
    body,
    licence: "submitters",
  }).value;
}

/** A site built for `npm start` (localhost): its cards' codes would open nothing on a visitor's phone. */
function onThisComputer(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}

/** One table's card: the table, the area, the project and its team, the code and the address it holds. */
function cardHtml(c: Card, code: string, local: (url: string) => string): Html {
  return html`<article class="table-card" aria-labelledby="card-${c.slug}">
<h2 id="card-${c.slug}" class="table-card-table">${text(c.label)}</h2>
${c.area ? html`<p class="table-card-area">${text(c.area)}</p>\n` : ""}<p class="table-card-title"><a href="${local(c.url)}">${text(c.title)}</a></p>
<p class="table-card-team">by ${text(c.team)}</p>
${raw(code)}
<p class="table-card-url">${c.url}</p>
</article>
`;
}
