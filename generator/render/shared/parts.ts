import type { Model, Person, ProjectEntry } from "../../derive/model.ts";
import { html, type Html } from "./html.ts";
import { imageSrc } from "./url-policy.ts";
import { byCodeUnits } from "../../code-unit-order.ts";
import { keptOrder } from "./kept-order.ts";

/** Record text shown inline is isolated (`<bdi>`) so right-to-left names or direction overrides cannot reorder the page. */
export const text = (value: string): Html => html`<bdi>${value}</bdi>`;

/** A person's name, linked to their GitHub profile when they gave a handle (the schema allows only handle characters). */
export function personLink(person: Person): Html {
  return person.github
    ? html`<a href="https://github.com/${person.github}">${text(person.name)}</a> <span class="note">(@${person.github})</span>`
    : text(person.name);
}

/** A list of labels, or a sentence saying it is empty. */
export function tagList(values: readonly string[], empty: string, label?: string): Html {
  if (!values.length) return html`<p class="note">${empty}</p>`;
  return html`<ul class="tags"${label ? html` aria-label="${label}"` : ""}>${values.map((v) => html`<li>${text(v)}</li>`)}</ul>`;
}

export function trackName(model: Model, id: string | null): string {
  if (id === null) return "No track";
  return model.event.tracks.find((t) => t.id === id)?.name ?? id;
}

/** A project's images as absolute addresses a page may load: https or files of the site. */
export function projectImages(model: Model, p: ProjectEntry): string[] {
  return imageSources(p.images, model.baseUrl);
}

/** Images as absolute addresses a page may load, under the site at `baseUrl`. */
export function imageSources(images: readonly string[], baseUrl: string): string[] {
  return images.map((src) => imageSrc(src, baseUrl)).filter((src) => src !== undefined);
}

/**
 * A table that scrolls sideways inside its own region when it is wider than the screen, so the
 * page never widens; the region takes keyboard focus so it can be scrolled without a pointer.
 */
export function scrollable(label: string, table: Html): Html {
  return html`<div class="table-scroll" role="region" aria-label="${label}" tabindex="0">
${table}
</div>`;
}

/** The `n` entries whose records changed last (see record-dates.ts), newest first, ties by slug. */
export function newest<T extends { slug: string }>(
  items: readonly T[],
  times: ReadonlyMap<string, string>,
  fallback: string,
  n: number,
  /** Lists of one kind (`projects`) are placed in their last order (kept-order.ts), not sorted whole. */
  kind?: string,
): T[] {
  // Each time parsed once and kept beside its item, not looked up in every comparison (a save at
  // 10,000 projects sorts them twice, for the gallery and the home page).
  const timed = items.map((item) => timedItem(item, times.get(item.slug) ?? fallback));
  const sorted = kind === undefined ? timed.sort(byTime) : orderOf(kind)(timed);
  return sorted.slice(0, n).map((t) => t.item as T);
}

type Timed = { item: { slug: string }; time: string; at: number };

const byTime = (a: Timed, b: Timed) => b.at - a.at || byCodeUnits(a.item.slug, b.item.slug);

/** An item with its time, the same object while both are the same (a dev save hands unchanged entries on). */
const timedItems = new WeakMap<object, Timed>();
function timedItem(item: { slug: string }, time: string): Timed {
  const known = timedItems.get(item);
  if (known?.time === time) return known;
  const timed = { item, time, at: Date.parse(time) };
  timedItems.set(item, timed);
  return timed;
}

const orders = new Map<string, (items: readonly Timed[]) => Timed[]>();
function orderOf(kind: string): (items: readonly Timed[]) => Timed[] {
  let order = orders.get(kind);
  if (order === undefined) orders.set(kind, (order = keptOrder(byTime)));
  return order;
}
