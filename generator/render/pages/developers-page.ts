import { CALENDAR_PATH } from "../calendar/event-ics.ts";
import { changelogMarkdown } from "../../contract/api-changelog.ts";
import { apiError, ERROR_CODES } from "../../contract/api-error.ts";
import { publishedSchemas } from "../../contract/api-schemas.ts";
import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { HTML_TYPE, type DocumentKind, htmlOutput, pathTemplate, perRecord } from "../shared/document.ts";
import { FEED_SIZE } from "../feeds/atom-feed.ts";
import { hardwareTracks } from "../shared/hardware-tracks.ts";
import { html, type Html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { markdownRenderer } from "../shared/markdown.ts";
import { stackedTable } from "../shared/stacked-table.ts";
import { fieldTable, schemaFields } from "./schema-fields.ts";

const schemas = publishedSchemas();
const changelog = markdownRenderer({ breaks: false, headingOffset: 0 });

/** The value of every document's `docs`: quickstart, endpoints and their fields, rules, errors, versioning. */
export const developersPage: DocumentKind = {
  name: "developers",
  path: DEVELOPERS_PAGE,
  mediaType: HTML_TYPE,
  description: "The human-readable developer page.",
  sitemap: true,
  render(model, site) {
    const url = (path: string) => siteUrl(model.baseUrl, path);
    const docs = url(DEVELOPERS_PAGE);
    const endpoints = site.documents.filter((d) => d.endpoint);
    const machine = site.documents.filter((d) => d.discovery);
    const projects = url("api/projects.json");
    const teams = url("api/teams.json");
    const body = html`<h1>Developer guide</h1>
<p class="lede">A read-only JSON API over the teams and projects of ${model.event.name}.</p>
<p>No key, no login, no rate limit. Cross-origin reads are open (<code>Access-Control-Allow-Origin: *</code>). Every document is a static file, regenerated whenever a team or project record changes, so the data is as current as this website.</p>
<nav aria-label="On this page">
<ul>
<li><a href="#quickstart">Quickstart</a></li>
<li><a href="#endpoints">Endpoints and fields</a></li>
<li><a href="#rules">Client-side rules</a></li>
<li><a href="#errors">Errors</a></li>
<li><a href="#versioning">Versioning and changes</a></li>
<li><a href="#licensing">Licensing</a></li>
<li><a href="#machine">Machine-readable documents</a></li>
</ul>
</nav>
<h2 id="quickstart">Quickstart</h2>
<p>Lists share one envelope; the entries are in <code>data</code>.</p>
<h3>curl</h3>
<pre tabindex="0"><code>curl -s ${projects}</code></pre>
<h3>JavaScript (browser or Node.js 18+)</h3>
<pre tabindex="0"><code>const { data: projects } = await (await fetch("${projects}")).json();
${quickstartFilter(model, "js")}

const { data: teams } = await (await fetch("${teams}")).json();
const recruiting = teams.filter((t) =&gt; t.lookingForMembers).map((t) =&gt; [t.name, t.skillsWanted]);</code></pre>
<h3>Python 3 (standard library)</h3>
<pre tabindex="0"><code>import json, urllib.request

with urllib.request.urlopen("${projects}") as response:
    projects = json.load(response)["data"]

${quickstartFilter(model, "python")}
no_robots = [p["slug"] for p in projects if not p["robots"]]</code></pre>
<h2 id="endpoints">Endpoints and fields</h2>
<p>All endpoints use <code>GET</code>, need no authentication and take no query parameters or body. Paths are relative to <code>${model.baseUrl}</code>.</p>
${stackedTable({
  label: "Endpoints",
  columns: ["Path", "Media type", "Returns"],
  rows: [
    ...endpoints.map(
      (d) =>
        [
          perRecord(d)
            ? html`<code>/${pathTemplate(d.path)}</code>`
            : html`<a href="${url(d.path)}"><code>/${d.path}</code></a>`,
          html`<code>${d.mediaType}</code>`,
          d.description,
        ] as const,
    ),
    [
      html`<code>/api/…</code> (anything else)`,
      html`<code>application/json</code>`,
      "The error body below, with status 404.",
    ],
  ],
})}
${endpoints.map((d) => {
  // A record's own document holds the entry its list already describes.
  if (perRecord(d)) return "";
  const schema = schemas[d.endpoint!.schema];
  return html`<h3 id="${d.name}"><code>/${d.path}</code></h3>
<p>${d.description}</p>
${schema ? fieldTable(schemaFields(schema), `Fields of /${d.path}`) : ""}
`;
})}
<h2 id="feeds">Feeds</h2>
<p>Subscribe instead of polling: Atom feeds, newest change first, each entry dated by the last change to its record (not by the build), each holding the newest ${FEED_SIZE} entries (the API lists everything), linked from every page's head and from <code>api/index.json</code>.</p>
<ul>
${site.documents
  .filter((d) => d.feed)
  .map(
    (d) => html`<li><a href="${url(d.path)}"><code>/${d.path}</code></a>: ${d.description}</li>
`,
  )}</ul>
<p>The schedule is also an iCalendar file, <a href="${url(CALENDAR_PATH)}"><code>/${CALENDAR_PATH}</code></a> (its address is <code>calendar</code> in <code>api/event.json</code>): times in the event's time zone, one stable UID per session, so importing it again updates rather than duplicates.</p>
<p>Every field listed is always present; optional values are <code>null</code> or an empty list, never missing. Each team entry maps to a page at <code>teams/&lt;slug&gt;.html</code> and each project to <code>projects/&lt;slug&gt;.html</code>; the entry's <code>url</code> is that page's absolute address.</p>
<h2 id="rules">Client-side rules</h2>
<ol>
<li>Teams still recruiting are the entries whose <code>lookingForMembers</code> is <code>true</code>; their needs are in <code>skillsWanted</code>.</li>
<li>${trackRule(model)}</li>
<li><code>robots</code> can be empty; handle an empty list.</li>
<li><code>tagline</code> may be cut off mid-sentence; <code>description</code> is Markdown (line breaks, emphasis, fenced code). Treat all record text as untrusted: escape it, and render Markdown with raw HTML disabled.</li>
<li><code>images</code> holds absolute <code>https</code> URLs or paths relative to <code>${model.baseUrl}</code>; <code>imageUrls</code> holds the same images, in the same order, as absolute URLs.</li>
</ol>
<h2 id="errors">Errors</h2>
<p>An unknown path under <code>/api/</code> answers with status 404 and a JSON body, never an HTML page:</p>
<pre tabindex="0"><code>${JSON.stringify(apiError("not_found", docs), null, 2)}</code></pre>
${fieldTable(schemaFields(schemas.Error!), "Fields of the error body")}
<p>Codes: ${ERROR_CODES.map((c, i) => html`${i ? ", " : ""}<code>${c}</code> (${apiError(c, docs).status})`)}.</p>
${stackedTable({
  label: "What each host sends for an unknown /api/ path",
  caption: html`What each host sends for an unknown <code>/api/</code> path`,
  columns: ["Host", "Status", "Content type"],
  rows: [
    [
      "GitHub Pages",
      "404",
      html`<code>text/html</code>: the body is still the JSON above, plus an <code>html</code> member that makes the same file readable in a browser (Pages has one 404 file for every path). Parse the body, not the header, and ignore the extra key.`,
    ],
    [
      html`Hosts that read <code>_redirects</code> and <code>_headers</code> (Netlify)`,
      "404",
      html`<code>application/json</code> (the body above, from <code>/404.json</code>)`,
    ],
    [html`The local server (<code>npm start</code>)`, "404", html`<code>application/json</code>`],
  ],
})}
<h2 id="versioning">Versioning and changes</h2>
<p>The API only grows. Slugs are stable identifiers and match page paths; renaming or removing one needs an organiser.</p>
${model.event.repository ? html`<p>The data comes from YAML records in <a href="https://github.com/${model.event.repository}">the event's repository</a>; each change is a reviewed pull request, and the site is rebuilt on merge.</p>\n` : ""}
${changelog(changelogMarkdown(3), { baseUrl: model.baseUrl })}
<h2 id="licensing">Licensing</h2>
<p>Event and handbook content is licensed <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>. Team and project content belongs to the people who submitted it; ask them before reusing it beyond showing it with attribution.</p>
<h2 id="machine">Machine-readable documents</h2>
<ul>
<li><a href="${url("api/index.json")}"><code>/api/index.json</code></a>: every endpoint, with links to the spec and this page.</li>
${machine.map((d) => html`<li><a href="${url(d.path)}"><code>/${d.path}</code></a>: ${d.description}</li>\n`)}<li><a href="${url("sitemap.xml")}"><code>/sitemap.xml</code></a>: every page of the site.</li>
</ul>
<h3 id="decisions">Choices the standards leave open</h3>
<ul>
<li>The A2A agent card describes a static API, not an agent: its one interface is the OpenAPI description under a custom binding (<code>https://spec.openapis.org/oas/v3.1.1</code>), so A2A clients find no transport to send messages to. Its <code>protocolVersion</code>, <code>url</code> and <code>preferredTransport</code> repeat that interface for A2A 0.3 readers.</li>
<li><code>openapi.json</code> describes unknown paths as <code>/api/{unknown}</code> answering 404 with the error body; the four documents are concrete paths and match first.</li>
<li>GitHub Pages serves the extensionless <code>/.well-known/api-catalog</code> as <code>application/octet-stream</code>; every page links it with <code>rel="api-catalog"</code>, and hosts that read <code>_headers</code> (and the local server) send <code>application/linkset+json</code> with the RFC 9727 profile.</li>
<li>Well-known documents count only at the root of an origin. A site published under a path (a GitHub Pages project site) still serves them, and the build warns; a custom domain gives full discovery.</li>
</ul>`;
    return [
      htmlOutput(
        DEVELOPERS_PAGE,
        layout(frameView(model, site), {
          path: DEVELOPERS_PAGE,
          title: "Developer guide",
          description: `How to read the teams and projects of ${model.event.name} as JSON: endpoints, fields, rules and errors.`,
          body,
          licence: "event",
        }),
      ),
    ];
  },
};

/**
 * The quickstart's filter on `track`: the contract's hardware tracks where the event has them,
 * else its first track, so the page of an event `npm run init` made shows only ids it has.
 */
function quickstartFilter(model: Model, language: "js" | "python"): Html {
  const hardware = hardwareTracks(model);
  const ids = hardware ?? [model.event.tracks[0]!.id];
  if (language === "js")
    return html`const ${hardware ? "hardware" : "inTrack"} = projects.filter((p) =&gt; ${ids.map((id, i) => html`${i ? " || " : ""}p.track === "${id}"`)});`;
  return html`${hardware ? "hardware" : "in_track"} = [p for p in projects if p["track"] ${hardware ? html`in (${ids.map((id, i) => html`${i ? ", " : ""}"${id}"`)})` : html`== "${ids[0]}"`}]`;
}

/** Client rule 2: which tracks used physical hardware, or, for an event without the contract's tracks, what `track` holds. */
function trackRule(model: Model): Html {
  const hardware = hardwareTracks(model);
  if (hardware)
    return html`Projects that used physical hardware are those whose <code>track</code> is <code>"${hardware[0]}"</code> or <code>"${hardware[1]}"</code>. <code>track</code> may be <code>null</code>.`;
  return html`A project's <code>track</code> is one of the event's track ids (${model.event.tracks.map((t, i) => html`${i ? ", " : ""}<code>"${t.id}"</code>`)}), each named and described under <code>tracks</code> in <code>api/event.json</code>. <code>track</code> may be <code>null</code>.`;
}
