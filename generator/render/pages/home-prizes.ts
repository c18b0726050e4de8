import type { Model, Prize } from "../../derive/model.ts";
import { projectCard } from "../shared/cards.ts";
import { html, type Html } from "../shared/html.ts";
import { text, trackName } from "../shared/parts.ts";

/**
 * What teams compete for, until judging is over; then the winners, each award with the prize it
 * gives and the winning projects. Nothing at all for an event that lists neither.
 */
export function prizesOrWinners(model: Model, local: (url: string) => string): Html {
  return model.event.awards.length ? winners(model, local) : prizes(model);
}

function prizes(model: Model): Html {
  const list = model.event.prizes;
  if (!list.length) return html``;
  return html`<h2 id="prizes">Prizes</h2>
<ul class="cards prizes">
${list.map(
  (p) => html`<li class="card prize"><h3>${text(p.name)}</h3>
${p.value ? html`<p class="prize-value"><strong>${text(p.value)}</strong>${count(p)}</p>\n` : ""}<p>${text(p.description)}</p>
<p class="note">${p.track === null ? "Open to every track" : `${trackName(model, p.track)} track`}</p>
</li>
`,
)}</ul>
`;
}

/** "×2" for a prize given twice: its count, with the words for it in the title. */
function count(p: Prize): Html {
  return p.count > 1 ? html` <span class="count" title="${p.count} prizes">×${p.count}</span>` : html``;
}

/** The prize an award gives: its name where the award is called otherwise, and its value. */
function prizeLine(award: string, prize: Prize | undefined): Html {
  if (!prize) return html``;
  const named = prize.name !== award;
  if (!named && !prize.value) return html``;
  return html`<p class="prize-line">Prize: ${named ? html`<strong>${text(prize.name)}</strong>` : ""}${named && prize.value ? " · " : ""}${prize.value ? text(prize.value) : ""}</p>\n`;
}

function winners(model: Model, local: (url: string) => string): Html {
  const projects = new Map(model.projects.map((p) => [p.slug, p]));
  const prizes = new Map(model.event.prizes.map((p) => [p.id, p]));
  return html`<h2 id="winners">Winners</h2>
${model.event.awards.map((a) => {
  const prize = a.prize ? prizes.get(a.prize) : undefined;
  return html`<section class="award" aria-label="${a.name}">
<h3>🏆 ${a.name}</h3>
${prizeLine(a.name, prize)}${a.description ? html`<p>${a.description}</p>\n` : ""}<ul class="cards">
${a.projects.map((slug) => projects.get(slug)).map((p) => (p ? projectCard(model, p, local) : ""))}</ul>
</section>
`;
})}`;
}
