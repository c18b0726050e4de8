import { HTML_TYPE, type DocumentKind, htmlOutput } from "../document.ts";
import { html } from "../html.ts";
import { layout } from "../layout.ts";
import { linksFrom } from "../relative-url.ts";
import { scrollable, text } from "./parts.ts";

/** Every team in one table, recruiting ones marked with what they need. */
export const teamListPage: DocumentKind = {
  name: "team-list-page",
  path: "teams/index.html",
  mediaType: HTML_TYPE,
  description: "All teams.",
  sitemap: true,
  render(model) {
    const open = model.teams.filter((t) => t.lookingForMembers).length;
    const local = linksFrom(model.baseUrl, "teams/");
    const body = html`<h1>Teams</h1>
<p>${model.teams.length} teams, ${open} looking for members.</p>
${
  model.teams.length
    ? scrollable(
        "All teams",
        html`<table>
<thead><tr><th scope="col">Team</th><th scope="col">Members</th><th scope="col">Looking for members</th><th scope="col">Projects</th></tr></thead>
<tbody>
${model.teams.map(
  (t) =>
    html`<tr><th scope="row"><a href="${local(t.url)}">${text(t.name)}</a></th><td>${t.members.length}</td><td>${t.lookingForMembers ? html`<strong>Yes</strong>${t.skillsWanted.length ? html`: ${t.skillsWanted.join(", ")}` : ""}` : "No"}</td><td>${t.projects.length ? t.projects.map((p, i) => html`${i ? ", " : ""}<a href="${local(p.url)}">${text(p.title)}</a>`) : "None yet"}</td></tr>\n`,
)}</tbody>
</table>`,
      )
    : html`<p class="note">No team has registered yet.</p>`
}`;
    return [
      htmlOutput(
        "teams/index.html",
        layout(model, {
          path: "teams/",
          title: "Teams",
          description: `The ${model.teams.length} teams of ${model.event.name}.`,
          body,
          licence: "submitters",
        }),
      ),
    ];
  },
};
