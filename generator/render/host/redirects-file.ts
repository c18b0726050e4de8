import { allMoves } from "../../derive/redirects.ts";
import { TEXT_TYPE, type DocumentKind } from "../shared/document.ts";
import { NOT_FOUND_JSON } from "../api/not-found.ts";

/**
 * `_redirects` (Netlify syntax; the first matching line wins): any missing path under /api/
 * answers 404 with the JSON error document as application/json, and existing files are not
 * shadowed, so the endpoints are untouched. A former slug's page does exist (for Pages), so its
 * 301 is forced with `!`; so is an archived edition's old root URL (its page exists too; its API
 * document's old path gets its 301 here alone, as GitHub Pages cannot redirect a JSON file). Paths are from the host's root, as in `_headers`.
 */
export const redirectsFile: DocumentKind = {
  name: "redirects",
  path: "_redirects",
  mediaType: TEXT_TYPE,
  description:
    "Real 301s for former slugs and a JSON 404 under /api/, for hosts that honour a _redirects file.",
  render: (model) => {
    const moved = allMoves(model).map((r) => `/${r.fromPath}  /${r.toPath}  301!\n`);
    return [{ path: "_redirects", body: `${moved.join("")}/api/*  /${NOT_FOUND_JSON}  404\n` }];
  },
};
