import type { Model, ProjectEntry, TeamEntry } from "../../derive/model.ts";
import { html, type Html } from "./html.ts";
import { contactHref } from "./url-policy.ts";
import { projectImages, tagList, text, trackName } from "./parts.ts";

/**
 * A kind of card, declared once: its markup, and what a list's filter and search read of its entry.
 * The search index carries each card as rendered here, so the browser's filtered lists show the
 * server's markup (site.js only inserts it) and the fields below are all the index holds besides.
 */
export interface CardKind<T> {
  card(model: Model, entry: T, local: (url: string) => string): Html;
  /** The values the list's filter form compares, by the form's field names. */
  filters(entry: T): Record<string, unknown>;
  /** Words the search finds an entry by that its card does not show. */
  words(entry: T): string[];
}

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
<p class="note">${trackName(model, p.track)} · ${p.robots.length ? p.robots.join(", ") : "no robots"}${p.license ? html` · Licence: ${text(p.license)}` : ""}</p>
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

export const PROJECT_CARD: CardKind<ProjectEntry> = {
  card: projectCard,
  filters: (p) => ({ track: p.track, robots: p.robots }),
  words: (p) => [p.slug, ...p.team.map((person) => person.name)],
};

export const TEAM_CARD: CardKind<TeamEntry> = {
  card: (_model, t, local) => teamCard(t, local),
  filters: (t) => ({ lookingForMembers: t.lookingForMembers }),
  words: (t) => [t.slug, t.about ?? "", ...t.skillsWanted, ...t.skillsPresent],
};
