import { HTML_TYPE, type DocumentKind } from "../document.ts";
import { html } from "../html.ts";
import { layout } from "../layout.ts";

export const homePage: DocumentKind = {
  name: "home-page",
  path: "index.html",
  mediaType: HTML_TYPE,
  description: "The event's home page.",
  render(model) {
    const e = model.event;
    const body = html`<h1>${e.name}</h1>
      <p>${e.tagline}</p>
      <p>
        ${e.startDate} to ${e.endDate} (${e.timezone}), ${e.venue.name}.
        <a href="${e.registrationUrl}">Register</a>.
      </p>
      <h2>Teams</h2>
      <ul>
        ${model.teams.map((t) => html`<li><a href="${t.url}">${t.name}</a>${t.lookingForMembers ? " (recruiting)" : ""}</li>`)}
      </ul>
      <h2>Projects</h2>
      <ul>
        ${model.projects.map((p) => html`<li><a href="${p.url}">${p.title}</a>: ${p.tagline}</li>`)}
      </ul>
      <p><small>Event content: CC BY 4.0.</small></p>`;
    return [
      { path: "index.html", body: layout(model, { path: "", title: "Home", description: e.tagline, body }) },
    ];
  },
};
