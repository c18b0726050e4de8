import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../../repo-root.ts";
import type { Model } from "../../derive/model.ts";
import type { DocumentKind } from "./document.ts";

/**
 * The site's look and its one script, kept as real files in `theme/` (so they are formatted and
 * read as CSS and JavaScript) and published under `assets/`. Pages link them (relatively, from the
 * site's root) with a content hash,
 * so a host's cache (GitHub Pages keeps files 10 minutes) never serves a stale style with new markup.
 */
function themeFile(name: string, path: string, mediaType: string, description: string) {
  const body = readFileSync(join(REPO_ROOT, "generator/render/theme", name), "utf8");
  const kind: DocumentKind = { name, path, mediaType, description, render: () => [{ path, body }] };
  return { kind, href: `${path}?v=${version(body)}` };
}

const version = (body: string) => createHash("sha256").update(body).digest("hex").slice(0, 10);
const CSS = "text/css; charset=utf-8";
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The event's colour over the theme, as its own style sheet: pages keep a CSP without inline styles. */
function eventCss(model: Model): string {
  const colour = model.event.accentColor;
  return colour && HEX.test(colour)
    ? `/* records/event.yaml's accentColor. */\n:root {\n  --accent: ${colour};\n}\n`
    : "/* records/event.yaml sets no accentColor. */\n";
}

export const eventStyles = {
  kind: {
    name: "event.css",
    path: "assets/event.css",
    mediaType: CSS,
    description: "The event's own colour over the site's style sheet.",
    render: (model) => [{ path: "assets/event.css", body: eventCss(model) }],
  } satisfies DocumentKind,
  href: (model: Model) => `assets/event.css?v=${version(eventCss(model))}`,
};

export const styles = themeFile("site.css", "assets/site.css", CSS, "The site's style sheet.");
export const script = themeFile(
  "site.js",
  "assets/site.js",
  "text/javascript; charset=utf-8",
  "The lists' filters and sort, the schedule's now and next, the deadlines' phase line and countdown, image placeholders, and a project's video player on a click: enhancements over pages that work without them.",
);
export const judgingScript = themeFile(
  "judging.js",
  "assets/judging.js",
  "text/javascript; charset=utf-8",
  "The judging page's scoring: one project at a time, every score saved on the device as it is entered, and the judge's score file downloaded, copied or opened to go on.",
);
export const favicon = themeFile("favicon.svg", "favicon.svg", "image/svg+xml", "The site's icon.");
