import type { Model } from "../../derive/model.ts";
import { dayEndsAt, eventTime } from "./dates.ts";
import { html, type Html } from "./html.ts";

/** What each deadline's line says before and after it passes; site.js uses the same words. */
const LABELS = { registration: "Registration closes", submission: "Submissions close" } as const;

/**
 * The event's deadlines as absolute times in its own zone, readable without JavaScript ("Registration
 * closes Sat 5 Dec 2026, 12:00 CET"). site.js fills the phase line from the reader's clock: the page
 * itself carries no build time, so the same records give the same bytes whenever they are built.
 * Extensions are one team's affair and stay out of it. `winners` is where the home page lists them.
 */
export function deadlineTimes(model: Model, winners: string): Html | "" {
  const e = model.event;
  if (!model.phase.live) return over(model);
  const lines = (["registration", "submission"] as const).flatMap((name) => {
    const at = e.deadlines[name];
    return at
      ? [
          html`<li data-deadline="${name}"><span class="what">${LABELS[name]}</span> <time datetime="${at}">${eventTime(at, e.timezone)}</time></li>\n`,
        ]
      : [];
  });
  if (!lines.length) return "";
  // When the event's last day ends in its own zone: after it, the phase line says it has ended.
  const ends = dayEndsAt(e.endDate, e.timezone);
  return html`<div class="deadlines" data-deadlines data-ends="${ends}"${e.awards.length ? html` data-winners="${winners}"` : ""}>
<p class="phase" hidden></p>
<ul aria-label="Deadlines">
${lines}</ul>
</div>
`;
}

/**
 * An edition that is over (archived, derive/edition-phase.ts): its deadlines as closed, with nothing
 * for site.js to count down to, whatever the reader's clock says (the layout's banner says that the
 * edition ended, on every page of it).
 */
function over(model: Model): Html | "" {
  const e = model.event;
  const lines = (["registration", "submission"] as const).flatMap((name) => {
    const at = e.deadlines[name];
    return at
      ? [html`<li>${CLOSED[name]} <time datetime="${at}">${eventTime(at, e.timezone)}</time></li>\n`]
      : [];
  });
  return lines.length
    ? html`<div class="deadlines">
<ul aria-label="Deadlines">
${lines}</ul>
</div>
`
    : "";
}

const CLOSED = { registration: "Registration closed", submission: "Submissions closed" } as const;
