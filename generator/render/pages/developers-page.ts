import { apiError, ERROR_CODES } from "../../contract/api-error.ts";
import { siteUrl } from "../../derive/base-url.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { HTML_TYPE, type DocumentKind } from "../document.ts";
import { html } from "../html.ts";
import { layout } from "../layout.ts";

/** The value of every document's `docs`: endpoints (from the registry), envelope, errors, rules. */
export const developersPage: DocumentKind = {
  name: "developers",
  path: DEVELOPERS_PAGE,
  mediaType: HTML_TYPE,
  description: "The human-readable developer page.",
  render(model, site) {
    const docs = siteUrl(model.baseUrl, DEVELOPERS_PAGE);
    const endpoints = site.documents.filter((d) => d.endpoint);
    const projects = siteUrl(model.baseUrl, "api/projects.json");
    const body = html`<h1>Developer guide</h1>
      <p>
        A read-only JSON API over the teams and projects of ${model.event.name}. No key, no login, no rate
        limit; cross-origin reads are open. Every document is a static file, regenerated whenever a record
        changes.
      </p>
      <h2>Endpoints</h2>
      <table>
        <thead>
          <tr>
            <th>Method</th>
            <th>Path</th>
            <th>Returns</th>
          </tr>
        </thead>
        <tbody>
          ${endpoints.map(
            (d) =>
              html`<tr>
                <td>GET</td>
                <td>
                  <a href="${siteUrl(model.baseUrl, d.path)}"><code>/${d.path}</code></a>
                </td>
                <td>${d.description}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>List envelope</h2>
      <p>
        <code>api/teams.json</code> and <code>api/projects.json</code> share one envelope:
        <code>object</code> (always <code>"list"</code>), <code>count</code>, <code>generatedAt</code> (ISO
        8601 with UTC offset), <code>docs</code> (this page) and <code>data</code> (the entries).
      </p>
      <h2>Quickstart</h2>
      <pre><code>curl -s ${projects}</code></pre>
      <pre><code>const { data } = await (await fetch("${projects}")).json();
const hardware = data.filter((p) =&gt; p.track === "hardware" || p.track === "both");</code></pre>
      <h2>Client-side rules</h2>
      <ul>
        <li>
          Teams still recruiting are those whose <code>lookingForMembers</code> is true; their needs are in
          <code>skillsWanted</code>.
        </li>
        <li>
          Projects that used physical hardware are those whose <code>track</code> is <code>hardware</code> or
          <code>both</code>.
        </li>
        <li><code>robots</code> can be empty.</li>
      </ul>
      <h2>Errors</h2>
      <p>
        Any unknown path under <code>/api/</code> answers with status 404 and a JSON body with the members
        <code>object</code> (<code>"error"</code>), <code>status</code>, <code>code</code>,
        <code>message</code>, <code>resolution</code> and <code>docs</code>. Codes:
        ${ERROR_CODES.map((c, i) => html`${i ? ", " : ""}<code>${c}</code> (${apiError(c, docs).status})`)}.
        On GitHub Pages the body is the same JSON but the content type is <code>text/html</code>; parse the
        body, not the header. The local server and hosts that honour <code>_headers</code> send
        <code>application/json</code>.
      </p>
      <h2>Versioning</h2>
      <p>
        Paths carry no version. Fields are additive: new keys may appear, existing keys keep their meaning,
        and consumers must ignore unknown keys. Slugs are stable and match page paths.
      </p>
      <h2>Licensing</h2>
      <p>
        Event and handbook content is CC BY 4.0. Team and project content belongs to the people who submitted
        it.
      </p>`;
    return [
      {
        path: DEVELOPERS_PAGE,
        body: layout(model, {
          path: DEVELOPERS_PAGE,
          title: "Developers",
          description: "How to use the read-only JSON API.",
          body,
        }),
      },
    ];
  },
};
