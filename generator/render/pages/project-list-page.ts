import { HTML_TYPE, type DocumentKind, htmlOutput } from "../document.ts";
import { html } from "../html.ts";
import { layout } from "../layout.ts";
import { linksFrom } from "../relative-url.ts";
import { scrollable, text, trackName } from "./parts.ts";

/** Every project in one table: track, robots and team at a glance. */
export const projectListPage: DocumentKind = {
  name: "project-list-page",
  path: "projects/index.html",
  mediaType: HTML_TYPE,
  description: "All projects.",
  sitemap: true,
  render(model) {
    const teams = new Map(model.teams.map((t) => [t.slug, t]));
    const local = linksFrom(model.baseUrl, "projects/");
    const body = html`<h1>Projects</h1>
<p>${model.projects.length} projects submitted.</p>
${
  model.projects.length
    ? scrollable(
        "All projects",
        html`<table>
<thead><tr><th scope="col">Project</th><th scope="col">Track</th><th scope="col">Robots</th><th scope="col">Team</th></tr></thead>
<tbody>
${model.projects.map((p) => {
  const team = p.teamSlug ? teams.get(p.teamSlug) : undefined;
  const track = trackName(model, p.track);
  return html`<tr><th scope="row"><a href="${local(p.url)}">${text(p.title)}</a><br><span class="note">${text(p.tagline)}</span></th><td>${track}</td><td>${p.robots.length ? p.robots.join(", ") : "None"}</td><td>${team ? html`<a href="${local(team.url)}">${text(team.name)}</a>` : p.team.map((person, i) => html`${i ? ", " : ""}${text(person.name)}`)}</td></tr>\n`;
})}</tbody>
</table>`,
      )
    : html`<p class="note">No project has been submitted yet.</p>`
}`;
    return [
      htmlOutput(
        "projects/index.html",
        layout(model, {
          path: "projects/",
          title: "Projects",
          description: `The ${model.projects.length} projects of ${model.event.name}.`,
          body,
          licence: "submitters",
        }),
      ),
    ];
  },
};
