import type { Model } from "../../derive/model.ts";

/**
 * What `npm run dev` keeps a document's parts by from one build to the next (list-json.ts's marks,
 * list-pages.ts's and judge-sheet-pages.ts's pages, search-index.ts's words): its full address,
 * not its path in its edition. An archived edition renders the same paths (`api/projects.json`)
 * and is written under `<id>/` after render, so a key by path alone let `/2026/projects/` and
 * `/projects/` take each other's place (each build threw the current edition's away). The model's
 * base URL ends in `<id>/` for an archived edition (series.ts), so this is one key an output.
 */
export const keptKey = (model: Model, path: string): string => `${model.baseUrl}${path}`;
