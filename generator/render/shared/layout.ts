import type { Model } from "../../derive/model.ts";
import { siteUrl } from "../../derive/base-url.ts";
import type { SiteContext } from "./document.ts";
import { dateRange } from "./dates.ts";
import { html, type Html } from "./html.ts";
import { upTo } from "./relative-url.ts";
import { repositoryLinksOf } from "./repository-links.ts";
import { eventStyles, favicon, script, styles } from "./theme.ts";

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
  /** The site path of the page's content as JSON (`api/projects/soft-grasp.json`), linked as an alternate. */
  json?: string;
}

/** The site's sections, as every page's navigation (and the not-found page's) lists them. */
export const SECTIONS: ReadonlyArray<[string, string]> = [
  ["teams/", "Teams"],
  ["projects/", "Projects"],
  ["handbook/", "Handbook"],
  ["developers.html", "Developers"],
];

// Record text is escaped, and this policy is a second wall: no inline script, scripts and styles only
// from the site, images from the site or https, fetches only to the site, forms (the home page's
// search) only to the site, and frames only from the two privacy-enhanced video players that
// site.js puts behind a project's poster (video-embed.ts). One policy for every page: only the
// site's own script makes a frame, and only on a click, so a per-page policy would close nothing more.
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https:; connect-src 'self'; frame-src https://www.youtube-nocookie.com https://player.vimeo.com; base-uri 'none'; form-action 'self'";

/**
 * What the frame of every page shows, as plain data. A page rendered from a view carries it in its
 * view (document.ts): whatever changes here renders every page again.
 */
export interface FrameView {
  baseUrl: string;
  eventName: string;
  repository: string | null;
  /** The site's icon, style sheets and script, with their content hashes. */
  assets: { icon: string; styles: string; accent: string; script: string };
  /** The feeds every head links, and the documents linked by `rel` (the API catalog). */
  feeds: Array<{ type: string; title: string; path: string }>;
  heads: Array<{ rel: string; href: string }>;
  /** Set when the event has archived editions: whether this page's edition is one (it is under `<id>/`). */
  series?: { archived: boolean };
  /** Set when this page's edition is over and archived (derive/edition-phase.ts): its dates, and whether it has winners. */
  over?: { dates: string; winners: boolean };
}

const frameViews = new WeakMap<Model, FrameView>();
/** The last frame made, with its text: an equal one is that object again, so a view that holds it is known by it. */
let lastFrame: { text: string; view: FrameView } | undefined;

/**
 * The frame's view for a model: one object per model, so a build hashes it once, and under `npm run
 * dev` the same object from build to build while it is equal (page-manifest.ts knows views by it).
 */
export function frameView(model: Model, site: SiteContext): FrameView {
  const known = frameViews.get(model);
  if (known) return known;
  const view: FrameView = {
    baseUrl: model.baseUrl,
    eventName: model.event.name,
    repository: model.event.repository,
    assets: { icon: favicon.href, styles: styles.href, accent: eventStyles.href(model), script: script.href },
    // The registry says what every head links: the feeds, and documents such as the API catalog.
    feeds: site.documents
      .filter((d) => d.feed)
      .map((f) => ({ type: f.mediaType.split(";")[0]!, title: f.feed!.title, path: f.path })),
    heads: site.documents
      .filter((d) => d.headLink)
      .map((d) => ({ rel: d.headLink!, href: siteUrl(model.baseUrl, d.path) })),
    ...(model.series ? { series: { archived: model.series.id !== null } } : {}),
    ...(model.phase.archived
      ? {
          over: {
            dates: dateRange(model.event.startDate, model.event.endDate),
            winners: model.event.awards.length > 0,
          },
        }
      : {}),
  };
  const text = JSON.stringify(view);
  if (lastFrame?.text !== text) lastFrame = { text, view };
  frameViews.set(model, lastFrame.view);
  return lastFrame.view;
}

/**
 * The frame of every HTML page: head (description, canonical URL, Open Graph), navigation, footer.
 * What is the same on many pages (the head's fixed lines, the header for each current section, the
 * footer for each licence) is rendered once per frame: it was about 45 % of a record page's time.
 * The site's own assets and navigation are linked relatively, so the site keeps its look and its
 * script at any address it is opened at; canonical and Open Graph URLs stay absolute.
 */
export function layout(view: FrameView, page: Page): Html {
  const frame = frameOf(view);
  const up = upTo(page.path);
  const canonical = siteUrl(view.baseUrl, page.path);
  const title = page.path === "" ? view.eventName : `${page.title} · ${view.eventName}`;
  return html`${frame.top}${title}</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${canonical}">${frame.openGraph}${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:url" content="${canonical}">
${page.image ? html`<meta property="og:image" content="${page.image}">\n` : ""}${page.json ? html`<link rel="alternate" type="application/json" href="${up}${page.json}">\n` : ""}${frame.assets(up)}${frame.header(page.path, up)}${page.body}${frame.footer(page.licence, up)}`;
}

interface Frame {
  /** Up to the page's title. */
  top: Html;
  /** After the canonical link, up to the Open Graph title. */
  openGraph: Html;
  /** The icon, the style sheets, the script and the feeds, `up` being the way to the site's root. */
  assets(up: string): Html;
  /** From the end of the head to the start of the main content, for the page at `path`. */
  header(path: string, up: string): Html;
  footer(licence: Page["licence"], up: string): Html;
}

/** Renders once per key what many pages share. */
function once<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

const frames = new WeakMap<FrameView, Frame>();

function frameOf(view: FrameView): Frame {
  const known = frames.get(view);
  if (known) return known;
  const repo = repositoryLinksOf(view.repository);
  // The header differs only by depth and which sections are current (or the brand, on the home page).
  const current = (path: string, section: string) =>
    path === section || (section.endsWith("/") && path.startsWith(section));
  const headers = once((key) => {
    const [up, path] = key.split(" ") as [string, string];
    const url = (to: string) => up + to || "./";
    return html`</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="${url("")}"${path === "" ? html` aria-current="page"` : ""}>${view.eventName}</a>
<nav class="site-nav" aria-label="Site">
<ul>
${SECTIONS.map(([section, label]) => html`<li><a href="${url(section)}"${current(path, section) ? html` aria-current="page"` : ""}>${label}</a></li>\n`)}</ul>
</nav>
</div>
</header>
<main id="main" class="wrap">
${view.over ? overBanner(view.eventName, view.over, up) : ""}`;
  });
  // Pages in one section at one depth share a header: key it by the section, not the page.
  const header = (path: string, up: string) =>
    headers(`${up} ${path === "" ? "" : (SECTIONS.find(([section]) => current(path, section))?.[0] ?? "-")}`);
  const licences: Record<Page["licence"], Html> = {
    event: html`Event and handbook content:
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.`,
    submitters: html`This page's team and project content belongs to the people who submitted it. Event content:
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.`,
  };
  const footers = once((key) => {
    const [licence, up] = key.split(" ") as [Page["licence"], string];
    const url = (to: string) => up + to;
    return html`
</main>
<footer class="site-footer">
<div class="wrap">
<p>${licences[licence]}</p>
<p>Data as JSON: <a href="${url("api/index.json")}">API index</a> · <a href="${url("developers.html")}">developer guide</a> · <a href="${url("sitemap.xml")}">sitemap</a>.</p>
${view.series ? seriesLine(view.series.archived, up) : ""}${repo ? html`<p>Records and code: <a href="${repo.home}">${repo.home.replace("https://", "")}</a>; teams change their own by pull request.</p>\n` : ""}
</div>
</footer>
</body>
</html>`;
  });
  const assets = once(
    (up) => html`<link rel="icon" href="${up}${view.assets.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${up}${view.assets.styles}">
<link rel="stylesheet" href="${up}${view.assets.accent}">
<script src="${up}${view.assets.script}" defer></script>
${view.feeds.map((f) => html`<link rel="alternate" type="${f.type}" title="${f.title}" href="${up}${f.path}">\n`)}`,
  );
  const frame: Frame = {
    top: html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>`,
    openGraph: html`
${view.heads.map((d) => html`<link rel="${d.rel}" href="${d.href}">\n`)}<meta property="og:type" content="website">
<meta property="og:site_name" content="${view.eventName}">
<meta property="og:title" content="`,
    assets,
    header,
    footer: (licence, up) => footers(`${licence} ${up}`),
  };
  frames.set(view, frame);
  return frame;
}

/** Every edition's pages link the series; an archived one's also say so, and lead to the current event. */
function seriesLine(archived: boolean, up: string): Html {
  const root = archived ? `${up}../` : up;
  return archived
    ? html`<p class="edition-note">An archived edition, kept as it was. <a href="${root || "./"}">The current event</a> · <a href="${root}editions/">every edition</a>.</p>\n`
    : html`<p>Other editions of this event, with their winners: <a href="${root}editions/">every edition</a>.</p>\n`;
}

/**
 * On every page of an archived edition, first: that it is over, when it took place, its winners,
 * and the way to the current edition (`<id>/` is one level under the site's root). It names no
 * other edition, so the files kept for it (edition-outputs.ts) stay true when the next one changes.
 */
function overBanner(name: string, over: NonNullable<FrameView["over"]>, up: string): Html {
  return html`<p class="edition-over"><strong>${name} is over.</strong> It took place on ${over.dates}; its pages are kept as they were${over.winners ? html`, with <a href="${up || "./"}#winners">its winners</a>` : ""}. <a href="${up}../">The current edition</a>.</p>
`;
}
