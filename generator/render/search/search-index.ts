import type { Model } from "../../derive/model.ts";
import { inParts, JSON_TYPE, parts, type DocumentKind } from "../shared/document.ts";
import { linksFrom } from "../shared/relative-url.ts";
import { PROJECT_CARD, TEAM_CARD, type CardKind } from "../shared/cards.ts";

// The lists' filters search every record in the browser. The API's lists carry whole descriptions
// (21 MB of projects.json at 10,000 projects); these indexes carry each card as the pages render it
// and what its card kind declares the filter and search read, written compactly. They are the
// site's own files, not part of the API contract.

export const PROJECT_INDEX_PATH = "search/projects.json";
export const TEAM_INDEX_PATH = "search/teams.json";

/**
 * One entry per record: its card with links from the site's root (site.js resolves them), its
 * filters and words; a compact JSON array, made in parts as it is written.
 */
function searchIndex<T extends { slug: string }>(
  model: Model,
  all: readonly T[],
  kind: CardKind<T>,
): Iterable<string> {
  const fromRoot = linksFrom(model.baseUrl, "");
  const order = kind.order?.(model);
  const entry = (item: T, i: number) =>
    (i ? "," : "") +
    JSON.stringify({
      slug: item.slug,
      card: kind.card(model, item, fromRoot).value,
      ...kind.filters(item),
      ...(order ? { sort: order.places.get(item.slug) } : {}),
      words: kind.words(item).join(" "),
    });
  return parts("[", () => inParts(order?.entries ?? all, entry), "]\n");
}

export const projectSearchIndex: DocumentKind = {
  name: "project-search-index",
  path: PROJECT_INDEX_PATH,
  mediaType: JSON_TYPE,
  description: "What the project gallery's filter and search read: one compact entry per project.",
  render: (model) => [{ path: PROJECT_INDEX_PATH, body: searchIndex(model, model.projects, PROJECT_CARD) }],
};

export const teamSearchIndex: DocumentKind = {
  name: "team-search-index",
  path: TEAM_INDEX_PATH,
  mediaType: JSON_TYPE,
  description: "What the team list's filter and search read: one compact entry per team.",
  render: (model) => [{ path: TEAM_INDEX_PATH, body: searchIndex(model, model.teams, TEAM_CARD) }],
};
