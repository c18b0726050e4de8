import { CALENDAR_PATH } from "../calendar/event-ics.ts";
import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { HTML_TYPE, type DocumentKind, htmlOutput } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { safeHref } from "../shared/url-policy.ts";
import { projectCard, teamCard } from "../shared/cards.ts";
import { eventCounts } from "./home-counts.ts";
import { hostedBy, judges, sponsors } from "./home-people.ts";
import { prizesOrWinners } from "./home-prizes.ts";
import { clockTime, dateRange, longDate } from "../shared/dates.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { newest, scrollable } from "../shared/parts.ts";
import { eventFactsHtml } from "../shared/event-facts.ts";
import { firstEntry } from "../shared/way-in.ts";
import { wayIn } from "./home-way-in.ts";

/** Cards of each kind on the home page; the lists hold the rest, so the page stays small at any size. */
const ON_HOME = 6;

/** The event's front page: who, when, where, what to do next, the winners, programme and latest entries. */
export const homePage: DocumentKind = {
  name: "home-page",
  path: "index.html",
  mediaType: HTML_TYPE,
  description:
    "The event's home page: dates and place, counts, prizes or winners, schedule, judges, recruiting teams, the latest projects and sponsors.",
  sitemap: true,
  render(model, site) {
    const e = model.event;
    // The home page is the site's root: its own links are site paths.
    const local = linksFrom(model.baseUrl, "");
    const body = html`${hero(model, local)}
${prizesOrWinners(model, local)}<h2 id="schedule">Schedule</h2>
${schedule(model)}
<p><a href="${CALENDAR_PATH}">Add the schedule to your calendar</a> (iCalendar).</p>
<h2 id="tracks">Tracks</h2>
<dl class="facts">
${e.tracks.map((t) => html`<dt>${t.name}</dt><dd>${t.description} <span class="note">(<code>${t.id}</code>)</span></dd>\n`)}</dl>
<h2 id="robots">Robots available</h2>
${eventFactsHtml(model, "robots")}
<h2 id="judging">Judging criteria</h2>
${eventFactsHtml(model, "judging")}
<p>Rules and how to take part: <a href="handbook/">the handbook</a>.</p>
${judges(model, local)}${recruiting(model, local)}
${latestProjects(model, local)}${sponsors(model, local)}`;
    return [
      htmlOutput(
        "index.html",
        layout(frameView(model, site), {
          path: "",
          title: e.name,
          description: e.tagline,
          body,
          licence: "event",
          ...(e.logo ? { image: siteUrl(model.baseUrl, e.logo) } : {}),
        }),
      ),
    ];
  },
};

/** Name, dates and place first, then the one thing to do now (home-way-in.ts). */
function hero(model: Model, local: (url: string) => string) {
  const e = model.event;
  const mapUrl = safeHref(e.venue.mapUrl);
  return html`<section class="hero" aria-labelledby="event-name">
${e.logo ? html`<img class="logo" src="${local(e.logo)}" alt="" width="96" height="96">\n` : ""}<h1 id="event-name">${e.name}</h1>
<p class="lede">${e.tagline}</p>
<p class="when-where"><strong>${dateRange(e.startDate, e.endDate)}</strong> <span class="note">(times in ${e.timezone})</span><br>
${e.venue.name}, ${e.venue.address}${mapUrl ? html` · <a href="${mapUrl}">map</a>` : ""}</p>
${deadlineTimes(model, "#winners")}${hostedBy(model)}${eventCounts(model)}${wayIn(model, local)}
<form class="search" action="projects/" method="get" role="search" aria-label="Search projects" data-needs-script hidden>
<label for="home-q">Search every project</label>
<span><input id="home-q" type="search" name="q" placeholder="title, team, robot…"> <button type="submit">Search</button></span>
</form>
</section>`;
}

// Each session carries its times so site.js can mark "now" and "next" while the event runs.
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

function recruiting(model: Model, local: (url: string) => string) {
  const open = model.teams.filter((t) => t.lookingForMembers);
  const shown = newest(open, model.updatedAt.teams, model.generatedAt, ON_HOME);
  return html`<h2 id="recruiting">Teams looking for members</h2>
${
  open.length
    ? html`<ul class="cards">
${shown.map((t) => teamCard(t, local))}</ul>
<p><a href="teams/?looking=1">All ${open.length} teams looking for members</a></p>`
    : html`<p class="note">No team is looking for members right now.</p>`
}`;
}

function latestProjects(model: Model, local: (url: string) => string) {
  const shown = newest(model.projects, model.updatedAt.projects, model.generatedAt, ON_HOME);
  return html`<h2 id="projects">Latest projects</h2>
${
  shown.length
    ? html`<ul class="cards">
${shown.map((p) => projectCard(model, p, local))}</ul>
<p><a href="projects/">All ${model.projects.length} projects</a>, with search and filters</p>`
    : html`<p class="note">${firstEntry(model, "project", local)}</p>`
}`;
}
