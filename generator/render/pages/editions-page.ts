import { editionsOf, type EditionSummary } from "../../derive/editions.ts";
import { HTML_TYPE, htmlOutput, type DocumentKind } from "../shared/document.ts";
import { dateRange } from "../shared/dates.ts";
import { html, type Html } from "../shared/html.ts";
import { frameView, layout } from "../shared/layout.ts";
import { text } from "../shared/parts.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { EDITIONS_JSON } from "../api/editions-json.ts";

export const EDITIONS_PAGE = "editions/index.html";

/**
 * `/editions/`: every edition of the event, newest first, the current one included, each with its
 * dates, counts and winners, linking its site and its API. Published at the root alone; each
 * edition's pages link it (layout.ts).
 */
export const editionsPage: DocumentKind = {
  name: "editions-page",
  path: EDITIONS_PAGE,
  mediaType: HTML_TYPE,
  description: "Every edition of the event, newest first, with its winners and links to its site and API.",
  sitemap: true,
  rootOnly: true,
  render(model, site) {
    const local = linksFrom(model.baseUrl, "editions/");
    const editions = editionsOf(model);
    const body = html`<h1>Editions</h1>
<p class="lede">Every edition of this event, newest first. Each stays published at its own address, with its pages, its handbook and its API.</p>
<ol class="cards editions">
${editions.map((e) => edition(e, local))}</ol>
<p>As JSON: <a href="${local(EDITIONS_JSON)}">${EDITIONS_JSON}</a>.</p>`;
    return [
      htmlOutput(
        EDITIONS_PAGE,
        layout(frameView(model, site), {
          path: "editions/",
          title: "Editions",
          description: "Every edition of this event, newest first, with its winners.",
          body,
          licence: "event",
        }),
      ),
    ];
  },
};

function edition(e: EditionSummary, local: (url: string) => string): Html {
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  return html`<li class="card edition"><h2><a href="${local(e.url)}">${text(e.name)}</a>${e.current ? " (current)" : ""}</h2>
<p>${dateRange(e.startDate, e.endDate)} · ${plural(e.teams, "team")} · ${plural(e.projects, "project")} · <a href="${local(e.api)}">API</a></p>
${
  e.winners.length
    ? html`<ul class="winners">
${e.winners.map((w) => html`<li>🏆 ${text(w.award)}: ${w.projects.map((p, i) => html`${i ? ", " : ""}<a href="${local(p.url)}">${text(p.title)}</a>`)}</li>\n`)}</ul>
`
    : ""
}</li>
`;
}
