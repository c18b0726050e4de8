import type { Model } from "../../derive/model.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";
import { fromView, HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html, raw, type Html } from "../shared/html.ts";
import { frameView, layout, type FrameView } from "../shared/layout.ts";
import { scrollable, text, trackName } from "../shared/parts.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { listPagePath, pageNav } from "../pages/list-pages.ts";
import { CARDS_PATH } from "./table-cards.ts";
import { cardContext, keptHtml } from "../shared/cards.ts";
import { expoOrder, type ExpoGroup, type ExpoRow } from "./expo-order.ts";
import { pagesBySize } from "./pages-by-size.ts";

export const EXPO_PATH = "expo/";

/** Rows per page of the plan at most: a realistic floor (a few hundred tables) on one or two pages. */
export const PLAN_ROWS = 200;

/**
 * The expo floor: every project by area and table, in pages of PLAN_ROWS. site.js searches a page's
 * rows by title, team or table number and filters them by `?prize=` or `?track=` (a sponsor's judges
 * get their prize's link); without the script every row shows. Printed, it is the floor plan on A4.
 * Pages of PLAN_ROWS, or fewer where rows at their longest would take a page past PAGE_BYTES.
 */
export const expoPages: DocumentKind = {
  name: "expo-pages",
  path: `${EXPO_PATH}index.html`,
  alsoWrites: [`${EXPO_PATH}page/<n>.html`],
  mediaType: HTML_TYPE,
  description:
    "The expo floor plan: every project by area and table, in pages, with a search by title, team or table and a link per prize and per track; it prints on A4.",
  sitemap: true,
  *render(model, site) {
    const rows = expoOrder(model);
    // Cut where a page's rows would pass the bound, each sized as the deepest page writes it.
    const deep = linksFrom(model.baseUrl, listPagePath(EXPO_PATH, 2));
    const pages = pagesBySize(rows, PLAN_ROWS, (row) => rowBytes(rowHtml(model, row, deep)));
    const count = pages.length;
    const frame = frameView(model, site);
    const keep = model.projects.some((p) => keptFromEarlierBuild(p));
    const last = keep ? kept.get(model.baseUrl) : undefined;
    const made = new Map<string, KeptPage>();
    // All a page reads of the event besides its rows (whose markup shows each project, its team and track).
    const event = JSON.stringify([
      model.event.name,
      model.event.prizes,
      model.event.tracks,
      model.event.expo,
      model.phase.archived,
    ]);
    for (let n = 1; n <= count; n++) {
      const path = listPagePath(EXPO_PATH, n);
      const local = linksFrom(model.baseUrl, path);
      const shown = pages[n - 1]!;
      const items = shown.map((row) => rowHtml(model, row, local));
      const text = `${event} ${rows.length} ${n} ${count}`;
      const known = last?.get(path);
      const body =
        known && known.text === text && sameAll(known.items, items)
          ? known.body
          : html`<div class="expo">
<h1>Expo${count > 1 ? html` <span class="note">page ${n} of ${count}</span>` : ""}</h1>
${intro(model, rows.length, local)}${shown.length ? groups(model, shown, local) : html`<p class="note">${model.phase.archived ? "No project was submitted to this edition." : "No project has been submitted yet."}</p>\n`}${count > 1 ? pageNav((k) => listPagePath(EXPO_PATH, k), n, count, local, { previous: "Previous page", next: "Next page" }) : ""}</div>`
              .value;
      if (keep) made.set(path, { text, items, body });
      const page: PlanPage = {
        path,
        title: n === 1 ? "Expo" : `Expo, page ${n} of ${count}`,
        description: `Where each of the ${rows.length} projects of ${model.event.name} demos.`,
        body,
      };
      // From a view of text: a page whose text is the same is neither laid out nor compared again.
      yield fromView(n === 1 ? `${EXPO_PATH}index.html` : path, { frame, ...page }, renderPlan);
    }
    if (made.size) kept.set(model.baseUrl, made);
    else kept.delete(model.baseUrl);
  },
};

type PlanPage = { path: string; title: string; description: string; body: string };

function renderPlan({ frame, ...page }: PlanPage & { frame: FrameView }): string {
  return layout(frame, { ...page, body: raw(page.body), licence: "submitters" }).value;
}

interface KeptPage {
  text: string;
  items: Html[];
  body: string;
}

/**
 * Each plan page's body as the last build made it, by edition (its base URL, as the judges' pages
 * keep theirs) and path: under `npm run dev` a page whose rows are the same markup objects (kept
 * with their entries) and whose event text is the same is not made again (60–100 ms a save at
 * 10,000 projects, with its rows sized and written). `npm run build` keeps none.
 */
const kept = new Map<string, Map<string, KeptPage>>();

const sameAll = <V>(a: readonly V[], b: readonly V[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const sizes = new WeakMap<Html, number>();

/** A row's bytes, kept with its markup (which is kept with its entry). */
function rowBytes(row: Html): number {
  let bytes = sizes.get(row);
  if (bytes === undefined) sizes.set(row, (bytes = Buffer.byteLength(row.value)));
  return bytes;
}

function intro(model: Model, projects: number, local: (url: string) => string): Html {
  const e = model.event;
  // Read by visitors: plain words, and "1 project", never "1 projects". What the organisers do with
  // the page (a prize's link for its sponsor's judges, the floor in records/event.yaml) is in
  // docs/expo-tables.md, not on it (review of issue 58: the labels spoke to organisers).
  const count = `${projects} ${projects === 1 ? "project" : "projects"}`;
  const areas =
    e.expo && `${e.expo.areas.length} ${e.expo.areas.length === 1 ? "area" : "areas"} of the floor`;
  // An archived edition's expo is over: it says what was, and promises no table (issue 58's review).
  const floor = areas
    ? model.phase.archived
      ? html`${count} had ${projects === 1 ? "its table" : "their tables"} in ${areas}.`
      : html`${count} in ${areas}.`
    : model.phase.archived
      ? html`${count}. This edition's expo had no floor plan.`
      : html`${count}. The floor is not laid out yet: a project's table shows here once the organisers give it one.`;
  const link = (query: string, label: string, data: Html) =>
    html`<li><a href="${local(EXPO_PATH)}?${query}"${data}>${text(label)}</a></li>`;
  return html`<p class="list-count" data-expo-count role="status">${floor}</p>
${
  // An archived edition's floor is taken down: nothing to print for it (newcomer review, issue 58).
  projects && !model.phase.archived
    ? html`<p class="screen-only">Print this page for the floor plan on A4; the <a href="${local(CARDS_PATH)}">table cards</a> print one per table.</p>`
    : // An empty plan and no cards: printing now would give an organiser blank pages. An archived
      // edition's floor is over, empty or not: nothing will be submitted (derive/edition-phase.ts).
      model.phase.archived
      ? ""
      : html`<p class="note screen-only">Nothing to print yet: the floor plan and the <a href="${local(CARDS_PATH)}">table cards</a> fill in as projects are submitted.</p>`
}
<form class="filter" role="search" aria-label="Find a table" data-expo-find data-needs-script hidden>
<label>Search <input type="search" name="q" placeholder="title, team or table number" autocomplete="off"></label>
</form>
${
  e.prizes.length || e.tracks.length
    ? html`<nav class="expo-filters" aria-label="Projects by prize or track" data-needs-script hidden>
${e.prizes.length ? html`<p>${model.phase.archived ? "Projects that competed for a prize" : "Projects competing for a prize"}:</p>\n<ul>${e.prizes.map((p) => link(`prize=${p.id}`, p.name, html` data-prize="${p.id}" data-track="${p.track ?? ""}"`))}</ul>\n` : ""}${e.tracks.length ? html`<p>Projects in a track:</p>\n<ul>${e.tracks.map((t) => link(`track=${t.id}`, t.name, html` data-track="${t.id}"`))}</ul>\n` : ""}<p><a href="${local(EXPO_PATH)}" data-expo-all>Every project</a></p>
</nav>
`
    : ""
}`;
}

/** The page's rows, under a heading for each group they fall in (a group may go on over pages). */
function groups(model: Model, rows: readonly ExpoRow[], local: (url: string) => string): Html {
  const runs: Array<{ group: ExpoGroup; rows: ExpoRow[] }> = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last?.group === row.group) last.rows.push(row);
    else runs.push({ group: row.group, rows: [row] });
  }
  return html`${runs.map(({ group, rows }) => {
    const a = group.area;
    const facts = a
      ? [
          a.power ? "power" : "",
          a.large ? "large space" : "",
          a.track ? `for ${trackName(model, a.track)}` : "",
        ].filter(Boolean)
      : [];
    return html`<section class="expo-area" aria-labelledby="${group.key}" data-expo-area>
<h2 id="${group.key}">${text(group.name)}</h2>
${facts.length ? html`<p class="note">${facts.join(" · ")}</p>\n` : ""}${scrollable(
      `Tables in ${group.name}`,
      html`<table class="expo-plan stacked">
<thead><tr><th scope="col">Table</th><th scope="col">Project</th><th scope="col">Team</th><th scope="col">Track</th></tr></thead>
<tbody>
${rows.map((row) => rowHtml(model, row, local))}</tbody>
</table>`,
    )}
</section>
`;
  })}`;
}

/**
 * One project's row: its table, its title linked to its page, its team and its track. On a phone
 * the rows stack (`stacked`, as the developer page's tables), each cell under its column's name,
 * so no column hides past the edge of a region that scrolls sideways (review at 390 px).
 */
function rowHtml(model: Model, { project: p, team }: ExpoRow, local: (url: string) => string): Html {
  // Kept with the entry while the team's name, the links' way and the tracks are the same: a dev
  // save sized and wrote 10,000 rows again (60–100 ms at 10,000 projects).
  return keptHtml(keptRows, p, [team, local, cardContext(model)], () => rowMarkup(model, p, team, local));
}

const keptRows = new WeakMap<object, Array<{ read: readonly unknown[]; card: Html }>>();

function rowMarkup(model: Model, p: ExpoRow["project"], team: string, local: (url: string) => string): Html {
  return html`<tr data-table="${p.table?.number ?? ""}" data-track="${p.track ?? ""}"><td>${p.table ? text(p.table.label) : "—"}</td><td data-label="Project"><a href="${local(p.url)}">${text(p.title)}</a></td><td data-label="Team">${text(team)}</td><td data-label="Track">${p.track ? trackName(model, p.track) : "—"}</td></tr>\n`;
}
