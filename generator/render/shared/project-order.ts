import type { Model, ProjectEntry } from "../../derive/model.ts";
import { newest } from "./parts.ts";
import { byCodeUnits } from "../../code-unit-order.ts";
import { keptOrder } from "./kept-order.ts";

/** The gallery's sorts besides A–Z, by their value in the address (`?sort=newest`) and label. */
export const PROJECT_SORTS = { newest: "Newest", winners: "Winners first" } as const;
export type ProjectSort = keyof typeof PROJECT_SORTS;

/** `Project 2` before `Project 10`: a title's runs of digits compare as numbers. */
const RUNS = /\d+|\D+/g;

/** A title for sorting: accents and case folded, so `Éclair` sorts with `eclair`. */
const fold = (title: string) => title.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const runsOf = new WeakMap<ProjectEntry, string[]>();

/**
 * A title's runs of digits and non-digits (see byTitle), worked out once per entry rather than once
 * per comparison, and kept with it: `npm run dev` hands unchanged entries on (10,000 folded a save).
 */
function titleRuns(p: ProjectEntry): string[] {
  let runs = runsOf.get(p);
  if (runs === undefined) runsOf.set(p, (runs = fold(p.title).match(RUNS) ?? []));
  return runs;
}

/**
 * A–Z by title, digits as numbers, ties by slug. Written out rather than a locale's collation, so
 * the order is the same on every machine and in every Node version.
 */
export function byTitle(projects: readonly ProjectEntry[]): ProjectEntry[] {
  const runs = projects.map((p) => ({ p, runs: titleRuns(p) }));
  runs.sort((a, b) => compareRuns(a.runs, b.runs) || compareSlugs(a.p, b.p));
  return runs.map((r) => r.p);
}

/** byTitle, placing only the entries its last call did not sort (kept-order.ts): a dev save places one. */
const galleryAz = keptOrder(
  (a: ProjectEntry, b: ProjectEntry) => compareRuns(titleRuns(a), titleRuns(b)) || compareSlugs(a, b),
  byTitle,
);

function compareRuns(x: readonly string[], y: readonly string[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i]!, y[i]!];
    const numbers = /^\d/.test(p) && /^\d/.test(q);
    const [m, n] = numbers ? [p.replace(/^0+/, ""), q.replace(/^0+/, "")] : [p, q];
    if (numbers && m.length !== n.length) return m.length - n.length;
    if (m !== n) return m < n ? -1 : 1;
  }
  return x.length - y.length;
}

const compareSlugs = (a: ProjectEntry, b: ProjectEntry) => byCodeUnits(a.slug, b.slug);

export interface GalleryOrder {
  /** A–Z: the order of the gallery's pages and of its search index. */
  projects: ProjectEntry[];
  /** Each project's place in each other sort, by slug. */
  places: ReadonlyMap<string, Record<ProjectSort, number>>;
}

const orders = new WeakMap<Model, GalleryOrder>();

/**
 * The gallery's orders, made once per model: A–Z, newest first (by when the record last changed,
 * as the home page's latest projects), and winners first (by the first award each won, in the
 * event's order of awards; then A–Z). The index carries each project's places, so the browser
 * sorts without dates or award lists.
 */
export function galleryOrder(model: Model): GalleryOrder {
  const known = orders.get(model);
  if (known) return known;
  const projects = galleryAz(model.projects);
  const az = new Map(projects.map((p, i) => [p.slug, i]));
  const award = new Map<string, number>();
  model.event.awards.forEach((a, i) => {
    for (const slug of a.projects) if (!award.has(slug)) award.set(slug, i);
  });
  const first = (p: ProjectEntry) => award.get(p.slug) ?? Infinity;
  // Projects with no award keep their A–Z order after the winners: only the winners are sorted.
  const winners = projects
    .filter((p) => award.has(p.slug))
    .sort((a, b) => first(a) - first(b) || az.get(a.slug)! - az.get(b.slug)!)
    .concat(projects.filter((p) => !award.has(p.slug)));
  const latest = newest(projects, model.updatedAt.projects, model.generatedAt, projects.length, "projects");
  const place = (list: ProjectEntry[]) => new Map(list.map((p, i) => [p.slug, i]));
  const [byNewest, byWinners] = [place(latest), place(winners)];
  const places = new Map(
    projects.map((p) => [p.slug, { newest: byNewest.get(p.slug)!, winners: byWinners.get(p.slug)! }]),
  );
  const order = { projects, places };
  orders.set(model, order);
  return order;
}
