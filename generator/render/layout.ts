import type { Model } from "../derive/model.ts";
import { siteUrl } from "../derive/base-url.ts";
import { API_CATALOG_PATH } from "./discovery/api-catalog.ts";
import { ATOM_TYPE } from "./feeds/atom-feed.ts";
import { feeds } from "./feeds/feeds.ts";
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
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https:; connect-src 'self'; base-uri 'none'; form-action 'none'";

/**
 * The frame of every HTML page: head (description, canonical URL, Open Graph), navigation, footer.
 * What is the same on many pages (the head's fixed lines, the header for each current section, the
 * footer for each licence) is rendered once per model: it was about 45 % of a record page's time.
 */
export function layout(model: Model, page: Page): Html {
  const frame = frameOf(model);
  const canonical = siteUrl(model.baseUrl, page.path);
  const title = page.path === "" ? model.event.name : `${page.title} · ${model.event.name}`;
  return html`${frame.top}${title}</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${canonical}">${frame.openGraph}${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:url" content="${canonical}">
${page.image ? html`<meta property="og:image" content="${page.image}">\n` : ""}${frame.assets}${page.script ? frame.script : ""}${frame.header(page.path)}${page.body}${frame.footer[page.licence]}`;
}

interface Frame {
  /** Up to the page's title. */
  top: Html;
  /** After the canonical link, up to the Open Graph title. */
  openGraph: Html;
  /** The icon and the style sheet. */
  assets: Html;
  script: Html;
  /** From the end of the head to the start of the main content, for the page at `path`. */
  header(path: string): Html;
  footer: Record<Page["licence"], Html>;
}

const frames = new WeakMap<Model, Frame>();

function frameOf(model: Model): Frame {
  const known = frames.get(model);
  if (known) return known;
  const url = (path: string) => siteUrl(model.baseUrl, path);
  const event = model.event;
  // The header differs only by which sections are current (or the brand, on the home page).
  const headers = new Map<string, Html>();
  const header = (path: string): Html => {
    const current = (section: string) =>
      path === section || (section.endsWith("/") && path.startsWith(section));
    const key = path === "" ? "home" : SECTIONS.map(([section]) => (current(section) ? 1 : 0)).join("");
    let made = headers.get(key);
    if (!made) {
      made = html`</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="${url("")}"${path === "" ? html` aria-current="page"` : ""}>${event.name}</a>
<nav class="site-nav" aria-label="Site">
<ul>
${SECTIONS.map(([section, label]) => html`<li><a href="${url(section)}"${current(section) ? html` aria-current="page"` : ""}>${label}</a></li>\n`)}</ul>
</nav>
</div>
</header>
<main id="main" class="wrap">
`;
      headers.set(key, made);
    }
    return made;
  };
  const footer = (licence: Html) => html`
</main>
<footer class="site-footer">
<div class="wrap">
<p>${licence}</p>
<p>Data as JSON: <a href="${url("api/index.json")}">API index</a> · <a href="${url("developers.html")}">developer guide</a> · <a href="${url("sitemap.xml")}">sitemap</a>. Generated <time datetime="${model.generatedAt}">${model.generatedAt.slice(0, 10)}</time>.</p>
</div>
</footer>
</body>
</html>`;
  const frame: Frame = {
    top: html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>`,
    openGraph: html`
<link rel="api-catalog" href="${url(API_CATALOG_PATH)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${event.name}">
<meta property="og:title" content="`,
    assets: html`<link rel="icon" href="${favicon.href(model.baseUrl)}" type="image/svg+xml">
<link rel="stylesheet" href="${styles.href(model.baseUrl)}">
${feeds.map(
  (
    f,
  ) => html`<link rel="alternate" type="${ATOM_TYPE.split(";")[0]}" title="${f.feed!.title}" href="${url(f.path)}">
`,
)}`,
    script: html`<script src="${script.href(model.baseUrl)}" defer></script>\n`,
    header,
    footer: {
      event: footer(html`Event and handbook content:
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.`),
      submitters:
        footer(html`This page's team and project content belongs to the people who submitted it. Event content:
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.`),
    },
  };
  frames.set(model, frame);
  return frame;
}
