import type { Model } from "../../derive/model.ts";
import { schedule } from "../shared/schedule.ts";
import { teamOf } from "../shared/cards.ts";
import { HTML_TYPE, type DocumentKind, htmlOutput } from "../shared/document.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { html, type Html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { text } from "../shared/parts.ts";
import { linksFrom } from "../shared/relative-url.ts";

export const LIVE_PATH = "live/";

/**
 * The room's screen, for a projector at 1920×1080: the time to what comes next, what is on now and
 * next, the deadlines, the winners once awarded and the whole schedule. site.js fills the now, next
 * and countdown from the reader's clock (as it does the home page's deadlines), so the page carries
 * no build time; without the script the deadlines and the schedule are all there.
 */
export const livePage: DocumentKind = {
  name: "live-page",
  path: `${LIVE_PATH}index.html`,
  mediaType: HTML_TYPE,
  description:
    "The room's screen: the countdown to the next deadline or session, what is on now and next, the winners once awarded, and the schedule, in large type for a projector.",
  sitemap: true,
  render(model, site) {
    const e = model.event;
    const local = linksFrom(model.baseUrl, LIVE_PATH);
    // Two columns on a wide screen (site.css): the name, the countdown, now and next and the
    // deadlines beside the winners and the schedule, so the page fits a projector's 1080 px without
    // scrolling (review of issue 58: it was 1,400 px tall); a phone reads them in this order.
    const body = html`<div class="live live-columns" data-live>
<div class="live-now">
<h1>${e.name}${model.phase.live ? html` <span class="note">live</span>` : ""}</h1>
${model.phase.live ? board(e.awards.length > 0) : ""}${deadlineTimes(model, "#winners")}</div>
<div class="live-later">
${winners(model, local)}<div class="live-heading"><h2 id="schedule">Schedule</h2> <p class="note">Times in ${e.timezone}.</p></div>
${schedule(model)}${model.phase.live ? more(local(model.baseUrl)) : ""}</div>
</div>`;
    return [
      htmlOutput(
        `${LIVE_PATH}index.html`,
        layout(frameView(model, site), {
          path: LIVE_PATH,
          title: "Live",
          description: `What happens now and next at ${e.name}.`,
          body,
          // The winners are the submitters' projects; before them, the page is the event's own.
          licence: e.awards.length ? "submitters" : "event",
        }),
      ),
    ];
  },
};

/**
 * The countdown and now and next, which site.js fills from the reader's clock; hidden without it.
 * An archived edition has none (derive/edition-phase.ts): its page says it ended. `awarded`: after
 * the last session the screen points at the winners, not at results to come.
 */
const board = (
  awarded: boolean,
) => html`<div class="live-board" data-live-board${awarded ? html` data-awarded` : ""} hidden>
<p class="live-count" role="timer"><span data-live-what></span> <strong data-live-in></strong></p>
<dl class="live-now-next">
<div><dt>Now</dt><dd data-live-now></dd></div>
<div><dt>Next</dt><dd data-live-next></dd></div>
</dl>
</div>
`;

/**
 * A projector cannot scroll, and the schema bounds no schedule: site.js shows the sessions on now and
 * the next few (its LIVE_ROWS), and this line, which says so and leads a reader at a screen to the
 * whole schedule on the home page. Hidden as built: without the script every session shows.
 */
function more(home: string): Html {
  return html`<p class="note live-more" data-live-more hidden><span data-live-shown></span> <a href="${home}#schedule">The whole schedule</a> is on the home page.</p>
`;
}

/** Each award and its winning projects with their teams, big enough to read across the room. */
function winners(model: Model, local: (url: string) => string): Html | "" {
  const awards = model.event.awards;
  if (!awards.length) return "";
  const projects = new Map(model.projects.map((p) => [p.slug, p]));
  return html`<h2 id="winners">Winners</h2>
<ul class="live-winners">
${awards.map((a) => {
  const won = a.projects.flatMap((slug) => projects.get(slug) ?? []);
  return html`<li><span class="live-award">🏆 ${text(a.name)}</span>
<ul>
${won.map((p) => html`<li><a href="${local(p.url)}">${text(p.title)}</a>${byWhom(model, p)}</li>\n`)}</ul>
</li>
`;
})}</ul>
`;
}

function byWhom(model: Model, p: Model["projects"][number]): Html {
  const team = teamOf(model, p);
  const names = team ? [team.name] : p.team.slice(0, 3).map((person) => person.name);
  return html` <span class="note">by ${names.map((name, i) => html`${i ? ", " : ""}${text(name)}`)}</span>`;
}
