import { apiError } from "../../contract/api-error.ts";
import { EDITIONS_JSON } from "./editions-json.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import type { Model } from "../../derive/model.ts";
import { html, type Html } from "../shared/html.ts";
import { SECTIONS } from "../shared/layout.ts";
import { repositoryLinks } from "../shared/repository-links.ts";
import { eventStyles, favicon, script, styles } from "../shared/theme.ts";
import { meta } from "./meta.ts";

/**
 * GitHub Pages answers every missing path with the root 404.html (status 404, served as text/html),
 * so that one file serves both readers (DESIGN item 3): it *is* the JSON error body, and its one
 * extra `html` member makes it a readable page when a browser renders it (the raw JSON text is
 * hidden by the style). Hosts that can tell /api/ apart (`_redirects`, the local server) answer
 * there with 404.json instead: the error members alone.
 */
export const NOT_FOUND_JSON = "404.json";

export const notFound: DocumentKind = {
  name: "not-found",
  path: "404.html",
  mediaType: JSON_TYPE,
  description: "The JSON error body returned for any unknown path (code, message, resolution).",
  render(model) {
    const error = apiError("not_found", meta(model).docs);
    // An archived edition's old root addresses (api/projects/<slug>.json…) lead to nothing on a host
    // without `_redirects` (GitHub Pages): the answer names the list that says where its API lives.
    if (model.series?.id === null && model.series.editions.length > 1)
      error.resolution += ` Earlier editions of the event have their documents under their own address: ${EDITIONS_JSON} lists each edition's API.`;
    // Single quotes and no line breaks: the markup lives inside a JSON string and must read the same.
    // Links are absolute: GitHub Pages answers every missing path, at any depth, with this file.
    const home = model.baseUrl;
    const name = model.event.name;
    // The documents the resolution names are links, as everywhere else on the site.
    const resolution = error.resolution
      .split(NAMED)
      .map((part, i) => (i % 2 ? html`<a href='${home}${part}'>${part}</a>` : html`${part}`));
    const nav = SECTIONS.map(([path, label]) => html`<li><a href='${home}${path}'>${label}</a></li>`);
    // A misplaced <html> start tag still sets the document's language: parsers copy its attributes to the root.
    const page = html`<html lang='en'><title>Page not found · ${name}</title><meta name='viewport' content='width=device-width, initial-scale=1'><link rel='icon' href='${home}${favicon.href}' type='image/svg+xml'><link rel='stylesheet' href='${home}${styles.href}'><link rel='stylesheet' href='${home}${eventStyles.href(model)}'><script src='${home}${script.href}' defer></script><style>body{font-size:0;visibility:hidden}body>header,body>main,body>footer{font-size:1rem;visibility:visible}</style><header class='site-header'><div class='wrap'><a class='brand' href='${home}'>${name}</a><nav class='site-nav' aria-label='Site'><ul>${nav}</ul></nav></div></header><main id='main' class='wrap'><h1>Page not found</h1><p data-asked>There is nothing at this address.</p><p>Teams and projects are in the lists, each with a search, and everything about taking part is in the handbook:</p><ul><li><a href='${home}'>${name} home page</a></li><li><a href='${home}teams/'>Teams</a></li><li><a href='${home}projects/'>Projects</a>, with search and filters</li><li><a href='${home}handbook/'>Handbook</a></li></ul><p class='note'>For programs: ${error.message} ${resolution} See the <a href='${error.docs}'>developer guide</a>.</p></main>${footer(model)}`;
    return [
      { path: "404.html", body: json({ ...error, html: page.value }) },
      { path: NOT_FOUND_JSON, body: json(error) },
    ];
  },
};

const INDEX = "api/index.json";
/** The documents a resolution may name, each kept as its own part when the text is split on it. */
const NAMED = /(api\/index\.json|api\/editions\.json)/;

/** The site's footer, as every page has it (layout.ts), in the one-line, single-quoted markup of this page. */
function footer(model: Model): Html {
  const home = model.baseUrl;
  const repo = repositoryLinks(model);
  return html`<footer class='site-footer'><div class='wrap'><p>Event and handbook content: <a href='https://creativecommons.org/licenses/by/4.0/' rel='license'>CC BY 4.0</a>.</p><p>Data as JSON: <a href='${home}${INDEX}'>API index</a> · <a href='${home}developers.html'>developer guide</a> · <a href='${home}sitemap.xml'>sitemap</a>.</p>${repo ? html`<p>Records and code: <a href='${repo.home}'>${repo.home.replace("https://", "")}</a>; teams change their own by pull request.</p>` : ""}</div></footer>`;
}
