import type { Model, ProjectEntry, TeamEntry } from "../../derive/model.ts";
import { html, type Html } from "./html.ts";
import { contactHref } from "./url-policy.ts";
import { projectImages, tagList, text, trackName } from "./parts.ts";
import { projectCover, type Cover } from "./project-cover.ts";
import { galleryOrder } from "./project-order.ts";
import { tablePlace } from "./expo-table.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";

/**
 * A kind of card, declared once: its markup, and what a list's filter and search read of its entry.
 * The search index carries each card as rendered here, so the browser's filtered lists show the
 * server's markup (site.js only inserts it) and the fields below are all the index holds besides.
 */
export interface CardKind<T> {
  card(model: Model, entry: T, local: (url: string) => string): Html;
  /** The values the list's filter form compares, by the form's field names (`track`, `looking`). */
  filters(entry: T): Record<string, readonly string[]>;
  /** Words the search finds an entry by that its card does not show. */
  words(entry: T): string[];
  /**
   * The list's order, when it is not the model's (by slug), and each entry's place in the list's
   * other sorts (the index's `sorts`), by slug.
   */
  order?(model: Model): { entries: readonly T[]; places: ReadonlyMap<string, Record<string, number>> };
}

/** A project's first image, lazy, over its generated cover, which also stands in when it fails to load. */
export function thumbnail(src: string | undefined, cover: Cover): Html {
  return html`<div class="thumb cover ${cover.tone}" data-initials="${cover.initials}" aria-hidden="true">${src ? html`<img src="${src}" alt="" loading="lazy" width="320" height="180">` : ""}</div>\n`;
}

/** The awards a project won, as badges. */
export function awardBadges(awards: readonly string[]): Html {
  return awards.length
    ? html`<ul class="awards" aria-label="Awards">${awards.map((a) => html`<li>🏆 ${text(a)}</li>`)}</ul>\n`
    : html``;
}

/** Built-with tags a card shows; the rest are counted, and the search still finds them. */
const CARD_TAGS = 6;

/** One project in a gallery; `data-slug` ties it to its entry in the API and the search index. */
export function projectCard(model: Model, p: ProjectEntry, local: (url: string) => string): Html {
  const team = teamOf(model, p);
  // All the card reads besides its entry: its team's entry, the way its links are written, the tracks.
  return keptCard(p, [team, local, cardContext(model)], () => {
    const image = projectImages(model, p)[0];
    const cover = projectCover(model, p);
    const track = trackName(model, p.track);
    const more = p.builtWith.length - CARD_TAGS;
    return html`<li class="card" data-slug="${p.slug}">
${thumbnail(image && local(image), cover)}<h3><a href="${local(p.url)}">${text(p.title)}</a></h3>
${byline(p, team, local)}${awardBadges(p.awards)}<p>${text(p.tagline)}</p>
<p class="note">${track} · ${p.robots.length ? p.robots.join(", ") : "no robots"}${p.license ? html` · Licence: ${text(p.license)}` : ""}${p.table ? html` · ${text(tablePlace(p.table))}` : ""}</p>
${p.builtWith.length ? html`<ul class="tags" aria-label="Built with">${p.builtWith.slice(0, CARD_TAGS).map((t) => html`<li>${text(t)}</li>`)}${more > 0 ? html`<li class="more-tags">+${more} more</li>` : ""}</ul>\n` : ""}</li>
`;
  });
}

/** What a project card reads of the event: the base URL (its images) and the tracks (names, colours). */
const contexts = new WeakMap<Model, string>();
export function cardContext(model: Model): string {
  let context = contexts.get(model);
  if (context === undefined) {
    context = JSON.stringify([model.baseUrl, model.event.tracks.map((t) => [t.id, t.name])]);
    contexts.set(model, context);
  }
  return context;
}

/** Cards kept with the entries they show, with what else they read (the last few), for `npm run dev`. */
const cards = new WeakMap<object, Array<{ read: readonly unknown[]; card: Html }>>();

/**
 * The card `render` makes of `entry`, kept with an entry an earlier build made (published-entry.ts)
 * while everything else it reads (`read`: objects and functions that are never changed, and text)
 * is the same: an entry is never changed once made, so its card is the same text. 0.3 s of a save
 * in `npm run dev` at 10,000 + 10,000.
 */
function keptCard(entry: object, read: readonly unknown[], render: () => Html): Html {
  return keptHtml(cards, entry, read, render);
}

/** keptCard's way, for other markup made of one entry (the expo plan's rows), each kind in its own `store`. */
export function keptHtml(
  store: WeakMap<object, Array<{ read: readonly unknown[]; card: Html }>>,
  entry: object,
  read: readonly unknown[],
  render: () => Html,
): Html {
  if (!keptFromEarlierBuild(entry)) return render();
  let known = store.get(entry);
  if (!known) store.set(entry, (known = []));
  const same = known.find(
    (kept) => kept.read.length === read.length && kept.read.every((x, i) => x === read[i]),
  );
  if (same) return same.card;
  // A page's depth and an edit or two give a few; more are a long session's leftovers.
  if (known.length >= 4) known.shift();
  const card = render();
  known.push({ read, card });
  return card;
}

const teamsOf = new WeakMap<Model, Map<string, TeamEntry>>();

/** The project's team, if it names one the event has. */
export function teamOf(model: Model, p: ProjectEntry): TeamEntry | undefined {
  let teams = teamsOf.get(model);
  if (!teams) teamsOf.set(model, (teams = new Map(model.teams.map((t) => [t.slug, t]))));
  return p.teamSlug === null ? undefined : teams.get(p.teamSlug);
}

/** Who made it: its team, linked; or, with no team, its people (three, and how many more). */
export function byline(p: ProjectEntry, team: TeamEntry | undefined, local: (url: string) => string): Html {
  if (team) return html`<p class="by">by <a href="${local(team.url)}">${text(team.name)}</a></p>\n`;
  const names = p.team.slice(0, p.team.length > 3 ? 3 : p.team.length).map((person) => text(person.name));
  const rest = p.team.length - names.length;
  const last = rest ? html` and ${rest} more` : names.length > 1 ? html` and ${names.pop()!}` : "";
  return html`<p class="by">by ${names.map((name, i) => html`${i ? ", " : ""}${name}`)}${last}</p>\n`;
}

/** One team: size and projects, and for a recruiting team what it wants and how to reach it. */
export function teamCard(t: TeamEntry, local: (url: string) => string): Html {
  // All the card reads besides its entry: the way its links are written.
  return keptCard(t, [local], () => {
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
  });
}

export const PROJECT_CARD: CardKind<ProjectEntry> = {
  card: projectCard,
  filters: (p) => ({ track: p.track === null ? [] : [p.track], robot: p.robots, built: p.builtWith }),
  // The team's name is on the card; its people and their GitHub handles (as `@handle`) are not.
  words: (p) => [
    p.slug,
    ...p.team.flatMap((person) => (person.github ? [person.name, `@${person.github}`] : [person.name])),
    ...p.builtWith,
  ],
  order: (model) => {
    const { projects, places } = galleryOrder(model);
    return { entries: projects, places };
  },
};

export const TEAM_CARD: CardKind<TeamEntry> = {
  card: (_model, t, local) => teamCard(t, local),
  // The form's checkbox sends `looking=1`.
  filters: (t) => ({ looking: t.lookingForMembers ? ["1"] : [] }),
  // Its members and their GitHub handles (as `@handle`): a visitor looks for a person's team.
  words: (t) => [
    t.slug,
    t.about ?? "",
    ...t.skillsWanted,
    ...t.skillsPresent,
    ...t.members.flatMap((m) => (m.github ? [m.name, `@${m.github}`] : [m.name])),
  ],
};
