import type { Model, ProjectEntry, TeamEntry } from "../../derive/model.ts";
import { html, type Html } from "../html.ts";
import { contactHref } from "../url-policy.ts";
import { projectImages, tagList, text, trackName } from "./parts.ts";

// site.js builds the same cards from the search indexes for filtered views: keep their markup in step.

/** A project's first image, lazy, over a placeholder that also stands in when it fails to load. */
export function thumbnail(src: string | undefined): Html {
  return html`<div class="thumb">${src ? html`<img src="${src}" alt="" loading="lazy" width="320" height="180">` : ""}</div>\n`;
}

/** The awards a project won, as badges. */
export function awardBadges(awards: readonly string[]): Html {
  return awards.length
    ? html`<ul class="awards" aria-label="Awards">${awards.map((a) => html`<li>🏆 ${text(a)}</li>`)}</ul>\n`
    : html``;
}

/** One project in a gallery; `data-slug` ties it to its entry in the API and the search index. */
export function projectCard(model: Model, p: ProjectEntry, local: (url: string) => string): Html {
  const image = projectImages(model, p)[0];
  return html`<li class="card" data-slug="${p.slug}">
${thumbnail(image && local(image))}<h3><a href="${local(p.url)}">${text(p.title)}</a></h3>
${awardBadges(p.awards)}<p>${text(p.tagline)}</p>
<p class="note">${trackName(model, p.track)} · ${p.robots.length ? p.robots.join(", ") : "no robots"}</p>
</li>
`;
}

/** One team: size and projects, and for a recruiting team what it wants and how to reach it. */
export function teamCard(t: TeamEntry, local: (url: string) => string): Html {
  const contact = contactHref(t.contact);
  return html`<li class="card${t.lookingForMembers ? " recruiting" : ""}" data-slug="${t.slug}">
<h3><a href="${local(t.url)}">${text(t.name)}</a></h3>
<p class="note">${t.members.length} ${t.members.length === 1 ? "member" : "members"} · ${t.projects.length ? t.projects.map((p, i) => html`${i ? ", " : ""}<a href="${local(p.url)}">${text(p.title)}</a>`) : "no project yet"}</p>
${
  t.lookingForMembers
    ? html`<p><strong class="badge">Looking for members</strong></p>
${t.about ? html`<p>${text(t.about)}</p>\n` : ""}${tagList(t.skillsWanted, "Any skills welcome.", `Skills ${t.name} wants`)}
${contact ? html`<p><a href="${contact}">Contact ${text(t.name)}</a></p>\n` : ""}`
    : ""
}</li>
`;
}
