import { siteUrl } from "./base-url.ts";
import { handbookPath, projectPath, teamPath } from "./derive-model.ts";
import type { Model } from "./model.ts";
import { byCodeUnits } from "../code-unit-order.ts";

/** One edition of the series as `/editions/` and `/api/editions.json` list it. */
export interface EditionSummary {
  /** The folder under `editions/` and the site path `/<id>/`; `null` for the current edition, at the root. */
  id: string | null;
  current: boolean;
  name: string;
  startDate: string;
  endDate: string;
  /** The edition's home page and API index, absolute. */
  url: string;
  api: string;
  teams: number;
  projects: number;
  /** Each award with its winning projects, as the edition's home page shows them. */
  winners: Array<{ award: string; projects: Array<{ slug: string; title: string; url: string }> }>;
}

/** What the pages of a series know of it: every edition, and which one a model is. */
export interface Series {
  editions: EditionSummary[];
}

/** An edition's summary from its published model; `id` null for the current edition. */
export function editionSummary(model: Model, id: string | null): EditionSummary {
  const byslug = new Map(model.projects.map((p) => [p.slug, p]));
  return {
    id,
    current: id === null,
    name: model.event.name,
    startDate: model.event.startDate,
    endDate: model.event.endDate,
    url: model.baseUrl,
    api: siteUrl(model.baseUrl, "api/index.json"),
    teams: model.teams.length,
    projects: model.projects.length,
    winners: model.event.awards.map((a) => ({
      award: a.name,
      projects: a.projects.flatMap((slug) => {
        const p = byslug.get(slug);
        return p ? [{ slug, title: p.title, url: p.url }] : [];
      }),
    })),
  };
}

/** Newest first: by start date, then end date, the current edition before an archived one of the same dates. */
export function newestFirst(editions: readonly EditionSummary[]): EditionSummary[] {
  return [...editions].sort(
    (a, b) =>
      byCodeUnits(b.startDate, a.startDate) ||
      byCodeUnits(b.endDate, a.endDate) ||
      Number(b.current) - Number(a.current) ||
      byCodeUnits(b.id ?? "", a.id ?? ""),
  );
}

/** A page or API document an archived edition had at the site's root, and where it is now. */
export interface Moved {
  fromPath: string;
  toPath: string;
  toUrl: string;
  /** What the page showed, for the old page's text. */
  name: string;
  /** The archived edition's name when the old address was one of its root pages (its page's title). */
  edition?: string;
}

/**
 * The paths an edition publishes one per record at the root: its teams' and projects' pages and
 * JSON documents (former slugs' pages too), and its handbook chapters. The lists, the home page and
 * the site-wide documents are every edition's, so the current edition always has them.
 */
export function recordPaths(model: Model): Array<{ path: string; name: string }> {
  const paths: Array<{ path: string; name: string }> = [];
  eachRecordPath(model, (path, name) => void paths.push({ path, name }));
  return paths;
}

/** recordPaths one at a time, without a list or an object each (40,000 a Publish with an archive). */
function eachRecordPath(model: Model, visit: (path: string, name: string) => void): void {
  for (const t of model.teams)
    for (const slug of [t.slug, ...t.formerSlugs]) {
      visit(teamPath(slug), t.name);
      visit(`api/teams/${slug}.json`, t.name);
    }
  for (const p of model.projects)
    for (const slug of [p.slug, ...p.formerSlugs]) {
      visit(projectPath(slug), p.title);
      visit(`api/projects/${slug}.json`, p.title);
    }
  for (const h of model.handbook) visit(handbookPath(h.slug), h.title);
}

/**
 * Where each old root URL of the archived editions leads: to its place under `/<id>/`, unless the
 * current edition (or a newer archived one) takes the path, whose it then stays. `archived` newest
 * first. The JSON documents' old paths only get a host's 301 (`_redirects`); pages get one too.
 */
export function editionMoves(
  current: Model,
  archived: ReadonlyArray<{
    id: string;
    url: string;
    /** The edition's event name, which its old pages carried. */
    name: string;
    paths: ReadonlyArray<{ path: string; name: string }>;
  }>,
): Moved[] {
  const taken = new Set<string>();
  eachRecordPath(current, (path) => void taken.add(path));
  const moved: Moved[] = [];
  for (const { id, url, name: edition, paths } of archived)
    for (const { path, name } of paths) {
      if (taken.has(path)) continue;
      taken.add(path);
      moved.push({ fromPath: path, toPath: `${id}/${path}`, toUrl: siteUrl(url, path), name, edition });
    }
  return moved.sort((a, b) => byCodeUnits(a.fromPath, b.fromPath));
}

/** Every edition of a model's series, newest first: the model's own alone when nothing is archived. */
export const editionsOf = (model: Model): EditionSummary[] =>
  model.series?.editions ?? [editionSummary(model, null)];
