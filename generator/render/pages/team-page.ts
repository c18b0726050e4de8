import { teamPath } from "../../derive/derive-model.ts";
import { HTML_TYPE, type DocumentKind } from "../document.ts";
import { html } from "../html.ts";
import { layout } from "../layout.ts";

export const teamPage: DocumentKind = {
  name: "team-page",
  path: "teams/<slug>.html",
  mediaType: HTML_TYPE,
  description: "One page per team.",
  render: (model) =>
    model.teams.map((t) => {
      const body = html`<h1>${t.name}</h1>
        <p>
          ${t.lookingForMembers ? html`<strong>Looking for members:</strong> ${t.skillsWanted.join(", ")}` : "This team is full."}
        </p>
        <h2>Members</h2>
        <ul>
          ${t.members.map(
            (m) =>
              html`<li>
                ${m.github ? html`<a href="https://github.com/${m.github}">${m.name}</a>` : m.name}${m.skills.length ? html` (${m.skills.join(", ")})` : ""}
              </li>`,
          )}
        </ul>
        <h2>Projects</h2>
        ${
          t.projects.length
            ? html`<ul>
                ${t.projects.map((p) => html`<li><a href="${p.url}">${p.title}</a></li>`)}
              </ul>`
            : html`<p>No project yet.</p>`
        }
        <p><small>Team content belongs to the people who submitted it.</small></p>`;
      const description = t.lookingForMembers
        ? `${t.name} is looking for members.`
        : `${t.name}, a team of ${t.members.length}.`;
      return {
        path: teamPath(t.slug),
        body: layout(model, { path: teamPath(t.slug), title: t.name, description, body }),
      };
    }),
};
