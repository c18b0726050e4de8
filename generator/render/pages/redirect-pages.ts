import { allMoves } from "../../derive/redirects.ts";
import { HTML_TYPE, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
import { CSP } from "../shared/layout.ts";

/**
 * A page at every former slug's address, and at each page an archived edition had at the root
 * that the current edition does not take: static hosts cannot answer 301 (GitHub Pages), so it
 * refreshes to the current page at once and names it canonical; `_redirects` gives hosts that
 * read it a real 301 instead. An archived edition's old page is titled with that edition's name,
 * the event it belonged to, not the current one's.
 */
export const redirectPages: DocumentKind = {
  name: "redirect-pages",
  path: "<teams|projects>/<former-slug>.html",
  mediaType: HTML_TYPE,
  description:
    "A page at each former slug's address, and at each old root page of an archived edition, that sends visitors to the page's current address.",
  *render(model) {
    for (const r of allMoves(model, "pages"))
      yield {
        path: r.fromPath,
        body: html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="robots" content="noindex">
<title>${r.name} has moved · ${r.edition ?? model.event.name}</title>
<link rel="canonical" href="${r.toUrl}">
<meta http-equiv="refresh" content="0; url=${r.toUrl}">
</head>
<body>
<p><a href="${r.toUrl}">${r.name}</a> has a new address.</p>
</body>
</html>
`.value,
      };
  },
};
