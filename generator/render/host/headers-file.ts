import { HTML_TYPE, JSON_TYPE, MARKDOWN_TYPE, TEXT_TYPE, type DocumentKind } from "../shared/document.ts";

/** What static hosts (GitHub Pages, Netlify, `send`) infer from each extension the site uses. */
const BY_EXTENSION: Record<string, string> = {
  json: JSON_TYPE,
  html: HTML_TYPE,
  txt: TEXT_TYPE,
  md: MARKDOWN_TYPE,
  xml: "application/xml; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
};

/** Files a host reads for itself and never serves. */
const HOST_FILES = new Set(["_headers", "_redirects", ".nojekyll"]);

/** The media type a host would guess for a path, or undefined (no extension, or one it does not know). */
export function guessedType(path: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension ? BY_EXTENSION[extension] : undefined;
}

/**
 * `_headers` (Netlify, Cloudflare Pages; the local server reads it too): CORS and nosniff everywhere,
 * and the exact media type of every document whose type its extension does not give, such as the
 * extensionless API catalog. Derived from the registry; GitHub Pages ignores it (DESIGN item 2).
 */
export const headersFile: DocumentKind = {
  name: "headers",
  path: "_headers",
  mediaType: TEXT_TYPE,
  description: "Response headers for hosts that honour a _headers file.",
  render(_model, site) {
    const exact = site.documents
      // 404.html is JSON by content but is served as a page outside /api/; _redirects handles /api/.
      .filter((d) => !d.path.includes("<") && d.name !== "not-found" && !HOST_FILES.has(d.path))
      .filter((d) => guessedType(d.path) !== d.mediaType)
      .map((d) => `/${d.path}\n  Content-Type: ${d.mediaType}\n`);
    const body = `/*\n  Access-Control-Allow-Origin: *\n  X-Content-Type-Options: nosniff\n${exact.join("")}`;
    return [{ path: "_headers", body }];
  },
};
