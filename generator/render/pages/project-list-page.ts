import type { Model } from "../../derive/model.ts";
import { HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { PROJECT_INDEX_PATH } from "../search/search-index.ts";
import { projectCard } from "../shared/cards.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { galleryOrder, PROJECT_SORTS } from "../shared/project-order.ts";
import { listPages } from "./list-pages.ts";
import { firstEntry } from "../shared/way-in.ts";
import { byCodeUnits } from "../../code-unit-order.ts";

/** The gallery: every project as a card across numbered pages, filtered and searched by site.js. */
export const projectListPage: DocumentKind = {
  name: "project-list-page",
  path: "projects/index.html",
  alsoWrites: ["projects/page/<n>.html"],
  mediaType: HTML_TYPE,
  description: "The project gallery, in pages of cards, with a filter by track and robot and a text search.",
  sitemap: true,
  render(model, site) {
    // The robots every project names, gathered once for all the list's pages (it was once per page).
    const robots = [
      ...new Set([...model.event.robots.map((r) => r.name), ...model.projects.flatMap((p) => p.robots)]),
    ].sort();
    const choices = {
      robots,
      tools: mostUsed(
        model.projects.map((p) => p.builtWith),
        TOOLS,
      ),
    };
    return listPages({
      site,
      model,
      section: "projects/",
      title: "Projects",
      description: `The ${model.projects.length} projects of ${model.event.name}.`,
      items: galleryOrder(model).projects,
      intro: (local) => html`<h1>Projects</h1>
${deadlineTimes(model, `${local("")}#winners`)}${filter(model, choices, local(PROJECT_INDEX_PATH))}
<p class="list-count" id="count" role="status">${model.projects.length} projects submitted.</p>`,
      card: (p, local) => projectCard(model, p, local),
      empty: (local) => firstEntry(model, "project", local),
    });
  },
};

/** Built-with tags the filter offers: enough for a real event, few enough to keep every page small. */
const TOOLS = 40;

/** The `n` values most lists hold (ties A–Z), A–Z. */
function mostUsed(lists: ReadonlyArray<readonly string[]>, n: number): string[] {
  const uses = new Map<string, number>();
  for (const list of lists) for (const value of list) uses.set(value, (uses.get(value) ?? 0) + 1);
  // Case folded, then code units: the same order on every machine.
  const az = (a: string, b: string) => byCodeUnits(a.toLowerCase(), b.toLowerCase()) || byCodeUnits(a, b);
  const most = [...uses].sort(([a, x], [b, y]) => y - x || az(a, b)).slice(0, n);
  return most.map(([value]) => value).sort(az);
}

// Option values are "" (any), "-" (none) or "=" and the value, so no name can pass for "any" or "none".
// A tag the filter does not offer can still be asked for in the address: site.js adds its option.
function filter(
  model: Model,
  choices: { robots: readonly string[]; tools: readonly string[] },
  source: string,
) {
  const option = (value: string, label: string) => html`<option value="${value}">${label}</option>`;
  const sorts = Object.entries(PROJECT_SORTS).filter(
    ([sort]) => sort !== "winners" || model.event.awards.length,
  );
  return html`<form class="filter" id="filter" role="search" aria-label="Find projects" data-list="projects" data-source="${source}" hidden>
<label>Search <input type="search" name="q" placeholder="title, team, robot…" autocomplete="off"></label>
<label>Track <select name="track">${option("", "All tracks")}${model.event.tracks.map((t) => option(`=${t.id}`, t.name))}${option("-", "No track")}</select></label>
<label>Robot <select name="robot">${option("", "Any robot")}${choices.robots.map((r) => option(`=${r}`, r))}${option("-", "No robot")}</select></label>
${choices.tools.length ? html`<label>Built with <select name="built">${option("", "Any tool")}${choices.tools.map((t) => option(`=${t}`, t))}${option("-", "None listed")}</select></label>\n` : ""}<label>Sort <select name="sort">${option("", "A–Z")}${sorts.map(([sort, label]) => option(`=${sort}`, label))}</select></label>
</form>`;
}
