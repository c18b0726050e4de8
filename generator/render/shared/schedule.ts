import type { Model } from "../../derive/model.ts";
import { clockTime, endTime, longDate } from "./dates.ts";
import { html } from "./html.ts";
import { scrollable } from "./parts.ts";

/**
 * The event's schedule, a table per day, as the home page and the room's screen (live/) show it.
 * Each session carries its times so site.js can mark "now" and "next" while the event runs (not
 * once the edition is archived: derive/edition-phase.ts).
 */
export function schedule(model: Model) {
  // An edition that is over (archived) has no now or next, whatever the reader's clock says.
  const live = model.phase.live;
  const days = new Map<string, typeof model.event.schedule>();
  for (const s of model.event.schedule)
    days.set(s.start.slice(0, 10), [...(days.get(s.start.slice(0, 10)) ?? []), s]);
  return [...days].map(
    ([day, sessions]) => html`<h3>${longDate(day)}</h3>
${scrollable(
  `Schedule, ${longDate(day)}`,
  html`<table class="schedule">
<thead><tr><th scope="col">Time</th><th scope="col">Session</th></tr></thead>
<tbody>
${sessions.map((s) => html`<tr${live ? html` data-start="${s.start}" data-end="${s.end}"` : ""}><td><time datetime="${s.start}">${clockTime(s.start)}</time>–<time datetime="${s.end}">${endTime(s.start, s.end)}</time></td><td>${s.title}</td></tr>\n`)}</tbody>
</table>`,
)}
`,
  );
}
