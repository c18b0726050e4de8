import { CALENDAR_PATH } from "../calendar/event-ics.ts";
import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { HTML_TYPE, type DocumentKind, htmlOutput } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { safeHref } from "../shared/url-policy.ts";
import { venueLine } from "../shared/venue.ts";
import { projectCard, teamCard } from "../shared/cards.ts";
import { eventCounts } from "./home-counts.ts";
import { hostedBy, judges, sponsors } from "./home-people.ts";
import { prizesOrWinners } from "./home-prizes.ts";
import { dateRange } from "../shared/dates.ts";
import { deadlineTimes } from "../shared/deadlines.ts";
import { newest } from "../shared/parts.ts";
import { eventFactsHtml } from "../shared/event-facts.ts";
import { firstEntry } from "../shared/way-in.ts";
import { wayIn } from "./home-way-in.ts";
import { schedule } from "../shared/schedule.ts";
import { LIVE_PATH } from "../expo/live-page.ts";
import { EXPO_PATH } from "../expo/expo-pages.ts";

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
${expoLinks(model)}<h2 id="tracks">Tracks</h2>
<dl class="facts">
${e.tracks.map((t) => html`<dt>${t.name}</dt><dd>${t.description} <span class="note">(<code>${t.id}</code>)</span></dd>\n`)}</dl>
<h2 id="robots">${model.phase.archived ? "Robots at the event" : "Robots available"}</h2>
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
${venueLine(e.venue)}${mapUrl ? html` · <a href="${mapUrl}">map</a>` : ""}</p>
${deadlineTimes(model, "#winners")}${hostedBy(model)}${eventCounts(model)}${wayIn(model, local)}
<form class="search" action="projects/" method="get" role="search" aria-label="Search projects" data-needs-script hidden>
<label for="home-q">Search every project</label>
<span><input id="home-q" type="search" name="q" placeholder="title, team, robot…"> <button type="submit">Search</button></span>
</form>
</section>`;
}

/**
 * Teams looking for members, while teams register (the team call is open, derive/edition-phase.ts):
 * not once registration has closed, nor on an archived edition, whose calls are all closed.
 */
function recruiting(model: Model, local: (url: string) => string) {
  const call = model.phase.open.find((c) => c.entry === "team");
  if (!call) return "";
  const open = model.teams.filter((t) => t.lookingForMembers);
  const shown = newest(open, model.updatedAt.teams, model.generatedAt, ON_HOME, "teams looking");
  // The page carries no build time: site.js hides the section once the reader's clock passes the call.
  return html`<section data-open-until="${call.until}" aria-labelledby="recruiting">
<h2 id="recruiting">Teams looking for members</h2>
${
  open.length
    ? html`<ul class="cards">
${shown.map((t) => teamCard(t, local))}</ul>
<p><a href="teams/?looking=1">All ${open.length} teams looking for members</a></p>`
    : html`<p class="note">No team is looking for members right now.</p>`
}</section>`;
}

function latestProjects(model: Model, local: (url: string) => string) {
  const shown = newest(model.projects, model.updatedAt.projects, model.generatedAt, ON_HOME, "projects");
  // An archived edition's projects are its submissions, not the latest of an event still on.
  return html`<h2 id="projects">${model.phase.archived ? "Projects" : "Latest projects"}</h2>
${
  shown.length
    ? html`<ul class="cards">
${shown.map((p) => projectCard(model, p, local))}</ul>
<p><a href="projects/">All ${model.projects.length} projects</a>, with search and filters</p>`
    : html`<p class="note">${firstEntry(model, "project", local)}</p>`
}`;
}

/**
 * The room's screen, and once the event has a floor or a place for a project, the expo's plan. An
 * archived edition's screen counts down to nothing (derive/edition-phase.ts): its plan alone.
 */
function expoLinks(model: Model) {
  const floor = model.event.expo !== null || model.projects.some((p) => p.table);
  if (model.phase.archived)
    return floor
      ? html`<p><a href="${EXPO_PATH}">The expo floor plan</a>, with every project's table.</p>\n`
      : "";
  return html`<p><a href="${LIVE_PATH}">Live: now, next and the countdown</a>, for the room's screen${floor ? html`; <a href="${EXPO_PATH}">the expo floor plan</a>, with every project's table` : ""}.</p>
`;
}
