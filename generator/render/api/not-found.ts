import { apiError } from "../../contract/api-error.ts";
import { json, JSON_TYPE, type DocumentKind } from "../document.ts";
import { html } from "../html.ts";
import { meta } from "./meta.ts";

/**
 * GitHub Pages answers every missing path with the root 404.html (status 404, served as text/html),
 * so that file *is* the JSON error body: `fetch(...).json()` works for any unknown /api/ path.
 * Its `html` member makes the same file a readable page when a browser renders it: the raw JSON
 * text is hidden by the style, the page inside is shown. The local server sends these same bytes,
 * as application/json under /api/ and as text/html elsewhere.
 */
/** The same body under a .json name, for hosts whose _redirects can answer /api/ misses with it. */
export const NOT_FOUND_JSON = "404.json";

export const notFound: DocumentKind = {
  name: "not-found",
  path: "404.html",
  mediaType: JSON_TYPE,
  description: "The JSON error body returned for any unknown path (code, message, resolution).",
  render(model) {
    const error = apiError("not_found", meta(model).docs);
    // Single quotes and no line breaks: the markup lives inside a JSON string and must read the same.
    const home = model.baseUrl;
    // A misplaced <html> start tag still sets the document's language: parsers copy its attributes to the root.
    const page = html`<html lang='en'><title>Page not found · ${model.event.name}</title><meta name='viewport' content='width=device-width, initial-scale=1'><style>body{font-size:0;margin:0}main{font:16px/1.6 system-ui,sans-serif;color:#1b1f24;max-width:40rem;margin:2rem auto;padding:0 1rem}a{color:#0b5cad}</style><main><h1>Page not found</h1><p>${error.message}</p><p>${error.resolution}</p><ul><li><a href='${home}'>${model.event.name} home page</a></li><li><a href='${home}teams/'>Teams</a></li><li><a href='${home}projects/'>Projects</a></li><li><a href='${home}handbook/'>Handbook</a></li><li><a href='${error.docs}'>Developer guide</a></li></ul></main>`;
    const body = json({ ...error, html: page.value });
    return [
      { path: "404.html", body },
      { path: NOT_FOUND_JSON, body },
    ];
  },
};
