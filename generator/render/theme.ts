import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";
import type { DocumentKind } from "./document.ts";

/**
 * The site's look and its one script, kept as real files in `theme/` (so they are formatted and
 * read as CSS and JavaScript) and published under `assets/`. Pages link them (relatively, from the
 * site's root) with a content hash,
 * so a host's cache (GitHub Pages keeps files 10 minutes) never serves a stale style with new markup.
 */
function themeFile(name: string, path: string, mediaType: string, description: string) {
  const body = readFileSync(join(REPO_ROOT, "generator/render/theme", name), "utf8");
  const version = createHash("sha256").update(body).digest("hex").slice(0, 10);
  const kind: DocumentKind = { name, path, mediaType, description, render: () => [{ path, body }] };
  return { kind, href: `${path}?v=${version}` };
}

export const styles = themeFile(
  "site.css",
  "assets/site.css",
  "text/css; charset=utf-8",
  "The site's style sheet.",
);
export const script = themeFile(
  "site.js",
  "assets/site.js",
  "text/javascript; charset=utf-8",
  "The gallery filter, an enhancement over a page that works without it.",
);
export const favicon = themeFile("favicon.svg", "favicon.svg", "image/svg+xml", "The site's icon.");
