import type { Model } from "../derive/model.ts";
import { siteUrl } from "../derive/base-url.ts";
import { API_CATALOG_PATH } from "./discovery/api-catalog.ts";
import { html, type Html } from "./html.ts";
import { favicon, script, styles } from "./theme.ts";

export interface Page {
  /** The page's own site path (`teams/open-arms.html`; `""` for the home page), for its canonical URL. */
  path: string;
  title: string;
  description: string;
  body: Html;
  /** Whose content the page shows: the event's (CC BY 4.0) or the submitters'. */
  licence: "event" | "submitters";
  /** An absolute image URL for link previews. */
  image?: string;
  /** Loads the gallery filter. */
  script?: boolean;
}

const SECTIONS: ReadonlyArray<[string, string]> = [
  ["teams/", "Teams"],
  ["projects/", "Projects"],
  ["handbook/", "Handbook"],
  ["developers.html", "Developers"],
];

// Record text is escaped, and this policy is a second wall: no inline script, scripts and styles only
// from the site, images from the site or https, and fetches only to the site.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https:; connect-src 'self'; base-uri 'none'; form-action 'none'";

/** The frame of every HTML page: head (description, canonical URL, Open Graph), navigation, footer. */
export function layout(model: Model, page: Page): Html {
  const url = (path: string) => siteUrl(model.baseUrl, path);
  const canonical = url(page.path);
  const event = model.event;
  const title = page.path === "" ? event.name : `${page.title} · ${event.name}`;
  const current = (path: string) =>
    page.path === path || (path.endsWith("/") && page.path.startsWith(path)) ? "page" : undefined;
  const licence =
    page.licence === "event"
      ? html`Event and handbook content:
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.`
      : html`This page's team and project content belongs to the people who submitted it. Event content:
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${title}</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${canonical}">
<link rel="api-catalog" href="${url(API_CATALOG_PATH)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${event.name}">
<meta property="og:title" content="${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:url" content="${canonical}">
${page.image ? html`<meta property="og:image" content="${page.image}">\n` : ""}<link rel="icon" href="${favicon.href(model.baseUrl)}" type="image/svg+xml">
<link rel="stylesheet" href="${styles.href(model.baseUrl)}">
${page.script ? html`<script src="${script.href(model.baseUrl)}" defer></script>\n` : ""}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="${url("")}"${page.path === "" ? html` aria-current="page"` : ""}>${event.name}</a>
<nav class="site-nav" aria-label="Site">
<ul>
${SECTIONS.map(([path, label]) => html`<li><a href="${url(path)}"${current(path) ? html` aria-current="page"` : ""}>${label}</a></li>\n`)}</ul>
</nav>
</div>
</header>
<main id="main" class="wrap">
${page.body}
</main>
<footer class="site-footer">
<div class="wrap">
<p>${licence}</p>
<p>Data as JSON: <a href="${url("api/index.json")}">API index</a> · <a href="${url("developers.html")}">developer guide</a> · <a href="${url("sitemap.xml")}">sitemap</a>. Generated <time datetime="${model.generatedAt}">${model.generatedAt.slice(0, 10)}</time>.</p>
</div>
</footer>
</body>
</html>`;
}
