import { projectPath, teamPath } from "../../derive/derive-model.ts";
import { HTML_TYPE, type DocumentKind } from "../document.ts";
import { html, safeHref } from "../html.ts";
import { layout } from "../layout.ts";

export const projectPage: DocumentKind = {
  name: "project-page",
  path: "projects/<slug>.html",
  mediaType: HTML_TYPE,
  description: "One page per project.",
  render: (model) =>
    model.projects.map((p) => {
      const image = (src: string) =>
        safeHref(src) ?? (/^https?:/i.test(src) ? undefined : model.baseUrl + src);
      const body = html`<h1>${p.title}</h1>
        <p>${p.tagline}</p>
        <dl>
          <dt>Track</dt>
          <dd>${p.track ?? "No track"}</dd>
          <dt>Robots</dt>
          <dd>${p.robots.length ? p.robots.join(", ") : "No robots"}</dd>
          <dt>Team</dt>
          <dd>
            ${p.teamSlug ? html`<a href="${model.baseUrl}${teamPath(p.teamSlug)}">${p.teamSlug}</a>: ` : ""}${p.team.map(
              (person, i) =>
                html`${i ? ", " : ""}${person.github ? html`<a href="https://github.com/${person.github}">${person.name}</a>` : person.name}`,
            )}
          </dd>
          ${
            p.repo && safeHref(p.repo)
              ? html`<dt>Repository</dt>
                  <dd><a href="${safeHref(p.repo)}">${p.repo}</a></dd>`
              : ""
          }
          ${
            p.video && safeHref(p.video)
              ? html`<dt>Video</dt>
                  <dd><a href="${safeHref(p.video)}">${p.video}</a></dd>`
              : ""
          }
        </dl>
        <div style="white-space:pre-wrap">${p.description}</div>
        ${p.images.map((src) => (image(src) ? html`<img src="${image(src)}" alt="" width="320" />` : ""))}
        <p><small>Project content belongs to the people who submitted it.</small></p>`;
      return {
        path: projectPath(p.slug),
        body: layout(model, { path: projectPath(p.slug), title: p.title, description: p.tagline, body }),
      };
    }),
};
