import { CALENDAR_PATH } from "../calendar/event-ics.ts";
import type { Model } from "../../derive/model.ts";
import { HTML_TYPE, type DocumentKind, htmlOutput } from "../document.ts";
import { html } from "../html.ts";
import { layout } from "../layout.ts";
import { linksFrom } from "../relative-url.ts";
import { safeHref } from "../url-policy.ts";
import { clockTime, dateRange, longDate } from "./dates.ts";
import { projectCard, scrollable, tagList, text } from "./parts.ts";

/** The event at a glance, the teams still recruiting, and the project gallery with its filter. */
export const homePage: DocumentKind = {
  name: "home-page",
  path: "index.html",
  mediaType: HTML_TYPE,
  description: "The event's home page: programme, recruiting teams and the project gallery.",
  sitemap: true,
  render(model) {
    const e = model.event;
    const mapUrl = safeHref(e.venue.mapUrl);
    // The home page is the site's root: its own links are site paths.
    const local = linksFrom(model.baseUrl, "");
    const body = html`<h1>${e.name}</h1>
<p class="lede">${e.tagline}</p>
<dl class="facts">
<dt>When</dt><dd>${dateRange(e.startDate, e.endDate)} <span class="note">(times in ${e.timezone})</span></dd>
<dt>Where</dt><dd>${e.venue.name}, ${e.venue.address}${mapUrl ? html` · <a href="${mapUrl}">map</a>` : ""}</dd>
<dt>Hosts</dt><dd>${e.hosts.map((h, i) => html`${i ? ", " : ""}${safeHref(h.url) ? html`<a href="${safeHref(h.url)}">${h.name}</a>` : h.name}`)}</dd>
</dl>
${safeHref(e.registrationUrl) ? html`<p><a class="button" href="${safeHref(e.registrationUrl)}">Register for ${e.name}</a></p>` : ""}
<h2 id="schedule">Schedule</h2>
${schedule(model)}
<p><a href="${CALENDAR_PATH}">Add the schedule to your calendar</a> (iCalendar).</p>
<h2 id="tracks">Tracks</h2>
<dl class="facts">
${e.tracks.map((t) => html`<dt>${t.name}</dt><dd>${t.description} <span class="note">(<code>${t.id}</code>)</span></dd>\n`)}</dl>
<h2 id="robots">Robots available</h2>
${
  e.robots.length
    ? scrollable(
        "Robots available",
        html`<table>
<thead><tr><th scope="col">Robot</th><th scope="col">Units</th><th scope="col">About</th></tr></thead>
<tbody>
${e.robots.map((r) => html`<tr><th scope="row">${r.name}</th><td>${r.count}</td><td>${r.description}</td></tr>\n`)}</tbody>
</table>`,
      )
    : html`<p class="note">No robots are provided; bring your own hardware or work in simulation.</p>`
}
<h2 id="judging">Judging criteria</h2>
${scrollable(
  "Judging criteria",
  html`<table>
<thead><tr><th scope="col">Criterion</th><th scope="col">Weight</th><th scope="col">What the judges look for</th></tr></thead>
<tbody>
${e.judgingCriteria.map((c) => html`<tr><th scope="row">${c.name}</th><td>${c.weight}%</td><td>${c.description}</td></tr>\n`)}</tbody>
</table>`,
)}
<p>Rules and how to take part: <a href="handbook/">the handbook</a>.</p>
${recruiting(model, local)}
${gallery(model, local)}`;
    return [
      htmlOutput(
        "index.html",
        layout(model, {
          path: "",
          title: e.name,
          description: e.tagline,
          body,
          licence: "event",
          script: true,
        }),
      ),
    ];
  },
};

function schedule(model: Model) {
  const days = new Map<string, typeof model.event.schedule>();
  for (const s of model.event.schedule)
    days.set(s.start.slice(0, 10), [...(days.get(s.start.slice(0, 10)) ?? []), s]);
  return [...days].map(
    ([day, sessions]) => html`<h3>${longDate(day)}</h3>
${scrollable(
  `Schedule, ${longDate(day)}`,
  html`<table>
<thead><tr><th scope="col">Time</th><th scope="col">Session</th></tr></thead>
<tbody>
${sessions.map((s) => html`<tr><td><time datetime="${s.start}">${clockTime(s.start)}</time>–<time datetime="${s.end}">${clockTime(s.end)}</time></td><td>${s.title}</td></tr>\n`)}</tbody>
</table>`,
)}
`,
  );
}

function recruiting(model: Model, local: (url: string) => string) {
  const open = model.teams.filter((t) => t.lookingForMembers);
  return html`<h2 id="recruiting">Teams looking for members</h2>
${
  open.length
    ? html`<ul class="cards">
${open.map(
  (t) => html`<li class="card">
<h3><a href="${local(t.url)}">${text(t.name)}</a></h3>
<p>Looking for:</p>
${tagList(t.skillsWanted, "Any skills welcome.", `Skills ${t.name} wants`)}
</li>
`,
)}</ul>`
    : html`<p class="note">No team is looking for members right now.</p>`
}`;
}

function gallery(model: Model, local: (url: string) => string) {
  const robots = [
    ...new Set([...model.event.robots.map((r) => r.name), ...model.projects.flatMap((p) => p.robots)]),
  ].sort();
  const option = (value: string, label: string) => html`<option value="${value}">${label}</option>`;
  return html`<h2 id="projects">Projects</h2>
<form class="filter" id="gallery-filter" data-source="api/projects.json" hidden>
<label>Track <select name="track">${option("", "All tracks")}${model.event.tracks.map((t) => option(`=${t.id}`, t.name))}${option("-", "No track")}</select></label>
<label>Robot <select name="robot">${option("", "Any robot")}${robots.map((r) => option(`=${r}`, r))}${option("-", "No robot")}</select></label>
</form>
<p class="gallery-count" id="gallery-count" role="status">${model.projects.length} projects</p>
${
  model.projects.length
    ? html`<ul class="cards" id="gallery">
${model.projects.map((p) => projectCard(model, p, local))}</ul>`
    : html`<p class="note">No project has been submitted yet.</p>`
}`;
}
