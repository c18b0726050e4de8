import type { Model, ProjectEntry, TeamEntry } from "../../derive/model.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";
import { byline, teamOf } from "../shared/cards.ts";
import { html, type Html } from "../shared/html.ts";
import { tablePlace } from "../shared/expo-table.ts";
import { text, trackName } from "../shared/parts.ts";
import { safeHref } from "../shared/url-policy.ts";
import { videoEmbed, videoPosterLink } from "../shared/video-embed.ts";

const made = new WeakMap<Model, Map<(url: string) => string, (p: ProjectEntry) => Html>>();

/**
 * One project as every judge's page at one depth (`local`: the first pages in `judging/`, the
 * others in `judging/<judge>/page/`) shows it: made once per project and depth, not once for each
 * of the `judging.perProject` judges whose page lists it, and under `npm run dev` kept with its
 * entry while nothing it reads changed, so a save renders only the project it changed.
 */
export function projectItems(model: Model, local: (url: string) => string): (p: ProjectEntry) => Html {
  let ways = made.get(model);
  if (!ways) made.set(model, (ways = new Map()));
  let item = ways.get(local);
  if (item) return item;
  const items = new Map<string, Html>();
  item = (p) => {
    let known = items.get(p.slug);
    if (known === undefined) {
      const team = teamOf(model, p);
      // Its place is the derived model's (derive/table-assignment.ts): the organiser's or the floor's.
      const table = p.table ? tablePlace(p.table) : null;
      const track = trackName(model, p.track);
      // All an item reads besides its entry (which holds its place): its team's entry, its track's name, its links.
      known = kept(p, [team, track, local], () => projectItem(p, team, table, track, local));
      items.set(p.slug, known);
    }
    return known;
  };
  ways.set(local, item);
  return item;
}

/** Items kept with the entries they show, with what else they read, for `npm run dev` (as cards.ts keeps cards). */
const keptItems = new WeakMap<object, Array<{ read: readonly unknown[]; item: Html }>>();

/**
 * The item `render` makes of `entry`, kept with an entry an earlier build made (published-entry.ts)
 * while everything else it reads (`read`: entries never changed once made, text, and the one
 * function per depth that writes links) is the same. `npm run build` keeps none.
 */
function kept(entry: object, read: readonly unknown[], render: () => Html): Html {
  if (!keptFromEarlierBuild(entry)) return render();
  let known = keptItems.get(entry);
  if (!known) keptItems.set(entry, (known = []));
  const same = known.find((k) => k.read.length === read.length && k.read.every((x, i) => x === read[i]));
  if (same) return same.item;
  // Two depths and an edit or two give a few; more are a long session's leftovers.
  if (known.length >= 4) known.shift();
  const item = render();
  known.push({ read, item });
  return item;
}

const sizes = new WeakMap<Html, number>();

/** An item's size in the page, in bytes of UTF-8: what judge-sheets.ts cuts pages by. */
export function itemBytes(item: Html): number {
  let bytes = sizes.get(item);
  if (bytes === undefined) sizes.set(item, (bytes = Buffer.byteLength(item.value)));
  return bytes;
}

function projectItem(
  p: ProjectEntry,
  team: TeamEntry | undefined,
  table: string | null,
  track: string,
  local: (url: string) => string,
): Html {
  const video = safeHref(p.video);
  const embed = videoEmbed(p.video);
  const demo = safeHref(p.demo);
  const repo = safeHref(p.repo);
  const links = [
    demo && html`<a href="${demo}">Demo</a>`,
    video && !embed && html`<a href="${video}">Video or slides</a>`,
    repo && html`<a href="${repo}">Code</a>`,
  ].filter((link): link is Html => Boolean(link));
  return html`<li class="judge-project" data-project="${p.slug}">
<h2><a href="${local(p.url)}">${text(p.title)}</a></h2>
${table ? html`<p class="place">At <strong>${text(table)}</strong></p>\n` : ""}${byline(p, team, local)}<p>${text(p.tagline)}</p>
<p class="note">${track} · ${p.robots.length ? p.robots.join(", ") : "no robots"}</p>
${video && embed ? videoPosterLink(p.title, video, embed) : ""}${links.length ? html`<p class="links">${links.map((link, k) => html`${k ? " · " : ""}${link}`)}</p>\n` : ""}</li>
`;
}
