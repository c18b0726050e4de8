import type { Model } from "../../derive/model.ts";
import { clockTime, longDate } from "./dates.ts";
import { html } from "./html.ts";
import { scrollable } from "./parts.ts";

/**
 * The event's schedule, a table per day, as the home page and the room's screen (live/) show it.
 * Each session carries its times so site.js can mark "now" and "next" while the event runs.
 */
export function schedule(model: Model) {
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
${sessions.map((s) => html`<tr data-start="${s.start}" data-end="${s.end}"><td><time datetime="${s.start}">${clockTime(s.start)}</time>–<time datetime="${s.end}">${clockTime(s.end)}</time></td><td>${s.title}</td></tr>\n`)}</tbody>
</table>`,
)}
`,
  );
}
