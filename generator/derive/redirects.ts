import type { Model } from "./model.ts";
import { projectPath, teamPath } from "./derive-model.ts";
import type { Moved } from "./editions.ts";

export interface Redirect {
  kind: "teams" | "projects";
  from: string;
  to: string;
  /** The old and current pages' site paths, and the current page's absolute address. */
  fromPath: string;
  toPath: string;
  toUrl: string;
  /** The record's name or title, for the old page's text. */
  name: string;
}

const made = new WeakMap<Model, Redirect[]>();

/** Every former slug of every team and project, with where its old page now leads; once per model. */
export function redirects(model: Model): Redirect[] {
  const known = made.get(model);
  if (known) return known;
  const list: Redirect[] = [];
  for (const t of model.teams)
    for (const from of t.formerSlugs)
      list.push({
        kind: "teams",
        from,
        to: t.slug,
        fromPath: teamPath(from),
        toPath: teamPath(t.slug),
        toUrl: t.url,
        name: t.name,
      });
  for (const p of model.projects)
    for (const from of p.formerSlugs)
      list.push({
        kind: "projects",
        from,
        to: p.slug,
        fromPath: projectPath(from),
        toPath: projectPath(p.slug),
        toUrl: p.url,
        name: p.title,
      });
  made.set(model, list);
  return list;
}

/**
 * Every old address with a new one: former slugs' pages, then the archived editions' old root URLs
 * (editions.ts), pages and API documents alike. A static host answers the pages with a page that
 * refreshes (`pages` only); a host that reads `_redirects` answers all with a 301.
 */
export function allMoves(model: Model, only?: "pages"): Moved[] {
  const moved: Moved[] = [...redirects(model), ...(model.series?.moved ?? [])];
  return only === "pages" ? moved.filter((m) => m.fromPath.endsWith(".html")) : moved;
}
