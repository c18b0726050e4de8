import type { EventDirective } from "../../load/handbook-directives.ts";
import type { Model, Prize } from "../../derive/model.ts";
import { eventTime } from "./dates.ts";
import { html, type Html } from "./html.ts";
import { scrollable } from "./parts.ts";

/** What each deadline is called, as the deadlines block says it. */
const DEADLINES = { registration: "Registration closes", submission: "Submissions close" } as const;

/**
 * The event's facts that a handbook directive (`<!-- event: tracks -->`) stands for, as HTML:
 * every value escaped by the `html` tag, the same facts the home page shows, taken from the event
 * at build time so no chapter repeats a value by hand.
 */
export function eventFactsHtml(model: Model, name: EventDirective): Html {
  const e = model.event;
  switch (name) {
    case "tracks":
      return html`<dl class="facts">
${e.tracks.map((t) => html`<dt>${t.name}</dt><dd>${t.description} <span class="note">(<code>track: ${t.id}</code>)</span></dd>\n`)}</dl>`;
    case "robots":
      return e.robots.length
        ? scrollable(
            "Robots available",
            html`<table>
<thead><tr><th scope="col">Robot</th><th scope="col">Units</th><th scope="col">About</th></tr></thead>
<tbody>
${e.robots.map((r) => html`<tr><th scope="row">${r.name}</th><td>${r.count}</td><td>${r.description}</td></tr>\n`)}</tbody>
</table>`,
          )
        : html`<p class="note">No robots are provided; bring your own hardware or work in simulation.</p>`;
    case "deadlines": {
      const set = deadlines(model);
      return set.length
        ? html`<ul>
${set.map(([what, at]) => html`<li>${what} <time datetime="${at}">${eventTime(at, e.timezone)}</time></li>\n`)}</ul>`
        : html`<p class="note">No deadline is set yet.</p>`;
    }
    case "judging":
      return html`${scrollable(
        "Judging criteria",
        html`<table>
<thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th><th scope="col">What the judges look for</th></tr></thead>
<tbody>
${e.judgingCriteria.map((c) => html`<tr><th scope="row">${c.name}</th><td>${c.weight}%</td><td>${c.description}</td></tr>\n`)}</tbody>
</table>`,
      )}
<p class="note">${judgingScale(model)}</p>`;
    case "prizes": {
      const list = model.event.prizes;
      return list.length
        ? html`<ul>
${list.map((p) => html`<li><strong>${p.name}</strong>${prizeNote(model, p) ? html` (${prizeNote(model, p)})` : ""}: ${p.description}</li>\n`)}</ul>`
        : html`<p class="note">The prizes are not announced yet.</p>`;
    }
  }
}

/** The same facts as Markdown, for the handbook as one text (llms-full.txt): record text escaped. */
export function eventFactsMarkdown(model: Model, name: EventDirective): string {
  const e = model.event;
  const items = (lines: string[], none: string) => (lines.length ? lines.join("\n") : `_${none}_`);
  switch (name) {
    case "tracks":
      return items(
        e.tracks.map((t) => `- **${md(t.name)}** (\`track: ${t.id}\`): ${md(t.description)}`),
        "No tracks.",
      );
    case "robots":
      return items(
        e.robots.map(
          (r) => `- **${md(r.name)}** (${r.count} ${r.count === 1 ? "unit" : "units"}): ${md(r.description)}`,
        ),
        "No robots are provided; bring your own hardware or work in simulation.",
      );
    case "deadlines":
      return items(
        deadlines(model).map(([what, at]) => `- ${what} ${eventTime(at, e.timezone)} (${at})`),
        "No deadline is set yet.",
      );
    case "judging":
      return `${items(
        e.judgingCriteria.map((c) => `- **${md(c.name)}** (${c.weight}%): ${md(c.description)}`),
        "No judging criteria.",
      )}\n\n${judgingScale(model)}`;
    case "prizes":
      return items(
        model.event.prizes.map((p) => {
          const note = prizeNote(model, p);
          return `- **${md(p.name)}**${note ? ` (${md(note)})` : ""}: ${md(p.description)}`;
        }),
        "The prizes are not announced yet.",
      );
  }
}

function deadlines(model: Model): Array<[string, string]> {
  return (["registration", "submission"] as const).flatMap((key) => {
    const at = model.event.deadlines[key];
    return at ? [[DEADLINES[key], at] as [string, string]] : [];
  });
}

/** "€1,000, 2 prizes, Hardware track": the value, how many, and the track it is for. */
function prizeNote(model: Model, p: Prize): string {
  const track = p.track ? (model.event.tracks.find((t) => t.id === p.track)?.name ?? p.track) : undefined;
  return [p.value, p.count > 1 ? `${p.count} prizes` : undefined, track && `${track} track`]
    .filter((part) => part)
    .join(", ");
}

/** Record text as Markdown text: one line, and nothing in it read as markup. */
function md(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[\\`*_[\]<>|#!]/g, (c) => `\\${c}`);
}

/** The event's judging settings in a line: scores run from 1 to scale, perProject judges a project. */
const judgingScale = ({ event: { judging } }: Model): string =>
  `Judges score each criterion from 1 to ${judging.scale}, and each project is seen by ${judging.perProject} ${judging.perProject === 1 ? "judge" : "judges"} where the event has enough.`;
