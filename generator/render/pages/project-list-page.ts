import type { Model } from "../../derive/model.ts";
import { HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { PROJECT_INDEX_PATH } from "../search/search-index.ts";
import { projectCard } from "../shared/cards.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { listPages } from "./list-pages.ts";

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
    return listPages({
      site,
      model,
      section: "projects/",
      title: "Projects",
      description: `The ${model.projects.length} projects of ${model.event.name}.`,
      items: model.projects,
      intro: (local) => html`<h1>Projects</h1>
${deadlineTimes(model, `${local("")}#winners`)}${filter(model, robots, local(PROJECT_INDEX_PATH))}
<p class="list-count" id="count" role="status">${model.projects.length} projects submitted.</p>`,
      card: (p, local) => projectCard(model, p, local),
      empty: "No project has been submitted yet.",
    });
  },
};

// Option values are "" (any), "-" (none) or "=" and the value, so no name can pass for "any" or "none".
function filter(model: Model, robots: readonly string[], source: string) {
  const option = (value: string, label: string) => html`<option value="${value}">${label}</option>`;
  return html`<form class="filter" id="filter" role="search" aria-label="Find projects" data-list="projects" data-source="${source}" hidden>
<label>Search <input type="search" name="q" placeholder="title, team, robot…" autocomplete="off"></label>
<label>Track <select name="track">${option("", "All tracks")}${model.event.tracks.map((t) => option(`=${t.id}`, t.name))}${option("-", "No track")}</select></label>
<label>Robot <select name="robot">${option("", "Any robot")}${robots.map((r) => option(`=${r}`, r))}${option("-", "No robot")}</select></label>
</form>`;
}
