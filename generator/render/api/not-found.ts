import { apiError } from "../../contract/api-error.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { html } from "../shared/html.ts";
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
    // Single quotes and no line breaks: the markup lives inside a JSON string and must read the same.
    const home = model.baseUrl;
    // A misplaced <html> start tag still sets the document's language: parsers copy its attributes to the root.
    const page = html`<html lang='en'><title>Page not found · ${model.event.name}</title><meta name='viewport' content='width=device-width, initial-scale=1'><style>body{font-size:0;margin:0}main{font:16px/1.6 system-ui,sans-serif;color:#1b1f24;max-width:40rem;margin:2rem auto;padding:0 1rem}a{color:#0b5cad}</style><main><h1>Page not found</h1><p>${error.message}</p><p>${error.resolution}</p><ul><li><a href='${home}'>${model.event.name} home page</a></li><li><a href='${home}teams/'>Teams</a></li><li><a href='${home}projects/'>Projects</a></li><li><a href='${home}handbook/'>Handbook</a></li><li><a href='${error.docs}'>Developer guide</a></li></ul></main>`;
    return [
      { path: "404.html", body: json({ ...error, html: page.value }) },
      { path: NOT_FOUND_JSON, body: json(error) },
    ];
  },
};
