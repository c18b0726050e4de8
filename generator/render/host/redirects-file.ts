import { TEXT_TYPE, type DocumentKind } from "../document.ts";
import { NOT_FOUND_JSON } from "../api/not-found.ts";

/**
 * `_redirects` (Netlify syntax): any missing path under /api/ answers 404 with the JSON error
 * document as application/json. Existing files are not shadowed, so the endpoints are untouched.
 */
export const redirectsFile: DocumentKind = {
  name: "redirects",
  path: "_redirects",
  mediaType: TEXT_TYPE,
  description: "A JSON 404 under /api/ for hosts that honour a _redirects file.",
  render: () => [{ path: "_redirects", body: `/api/*  /${NOT_FOUND_JSON}  404\n` }],
};
