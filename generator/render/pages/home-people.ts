import type { Host, Model } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";
import { text } from "../shared/parts.ts";
import { imageSrc, safeHref } from "../shared/url-policy.ts";

/** The tiers in the order the page shows them, each with its group's heading. */
const TIERS = [
  ["host", "Hosted by"],
  ["gold", "Gold sponsors"],
  ["silver", "Silver sponsors"],
  ["bronze", "Bronze sponsors"],
  ["partner", "Partners"],
] as const;

/** A host the page names in one plain line: one with neither a tier nor a logo, as every host was before tiers. */
const plain = (h: Host) => h.tier === null && h.logo === null;

/** An image of a record as the page may load it (https, or a file of the site), or undefined. */
const image = (model: Model, local: (url: string) => string, src: string | null) => {
  const checked = src === null ? undefined : imageSrc(src, model.baseUrl);
  return checked && local(checked);
};

/** "Hosted by A, B." for the hosts with neither tier nor logo; nothing when every host has one. */
export function hostedBy(model: Model): Html {
  const hosts = model.event.hosts.filter(plain);
  if (!hosts.length) return html``;
  return html`<p class="note">Hosted by ${hosts.map((h, i) => html`${i ? ", " : ""}${safeHref(h.url) ? html`<a href="${safeHref(h.url)}">${h.name}</a>` : h.name}`)}.</p>\n`;
}

/** Hosts and sponsors by tier, each a logo whose text is its name (or its name, without one). */
export function sponsors(model: Model, local: (url: string) => string): Html {
  const shown = model.event.hosts.filter((h) => !plain(h));
  if (!shown.length) return html``;
  return html`
<section class="tiers" aria-labelledby="sponsors">
<h2 id="sponsors">Hosts and sponsors</h2>
${TIERS.map(([tier, heading]) => {
  // A logo without a tier is the host's own.
  const group = shown.filter((h) => (h.tier ?? "host") === tier);
  if (!group.length) return "";
  return html`<h3>${heading}</h3>
<ul class="sponsors tier-${tier}">${group.map((h) => {
    const src = image(model, local, h.logo);
    const shownAs = src ? html`<img src="${src}" alt="${h.name}" loading="lazy">` : text(h.name);
    const href = safeHref(h.url);
    return html`<li>${href ? html`<a href="${href}">${shownAs}</a>` : shownAs}</li>`;
  })}</ul>
`;
})}</section>`;
}

/** The judges, each with a photo whose text is the name (or a plain shape without one), affiliation and link. */
export function judges(model: Model, local: (url: string) => string): Html {
  const list = model.event.judges;
  if (!list.length) return html``;
  return html`<h2 id="judges">Judges</h2>
<ul class="judges">
${list.map((j) => {
  const src = image(model, local, j.photo);
  const href = safeHref(j.url);
  return html`<li class="judge${src ? "" : " no-photo"}">${src ? html`<img src="${src}" alt="${j.name}" width="96" height="96" loading="lazy">\n` : ""}<p class="judge-name">${href ? html`<a href="${href}">${text(j.name)}</a>` : text(j.name)}</p>
<p class="note">${text(j.affiliation)}</p>
</li>
`;
})}</ul>
${
  // An invitation to score only while judging can still happen: not once awarded or archived.
  model.event.awards.length || model.phase.archived
    ? ""
    : html`<p class="note">Judges: score your projects on <a href="${local("judging/")}">the judging page</a>.</p>\n`
}`;
}
