import { byCodeUnits } from "../../code-unit-order.ts";
import type { ExpoArea, Model, ProjectEntry } from "../../derive/model.ts";
import { teamOf } from "../shared/cards.ts";
import { keptOrder } from "../shared/kept-order.ts";

/** Where a row of the floor plan belongs: an area of the floor, the organiser's own places, or none yet. */
export interface ExpoGroup {
  /** For the heading's id: `area-` and the area's slug, or `placed`, or `no-table`. */
  key: string;
  name: string;
  area: (ExpoArea & { tables: number }) | null;
}

export interface ExpoRow {
  project: ProjectEntry;
  group: ExpoGroup;
  /** Who made it, as the plan and the cards print it: the team's name, or its people's. */
  team: string;
}

const PLACED: ExpoGroup = { key: "placed", name: "Placed by the organisers", area: null };
const NO_TABLE: ExpoGroup = { key: "no-table", name: "No table yet", area: null };
// An archived edition's expo is over: a project with no table then had none, and will get none.
const HAD_NO_TABLE: ExpoGroup = { ...NO_TABLE, name: "No table" };

const orders = new WeakMap<Model, ExpoRow[]>();

/**
 * Every project in floor order, as derive placed them (render never places a project itself):
 * numbered tables by number, area by area; then the organiser's free-text places, A–Z; then the
 * projects with no table, A–Z by title. Made once per model for the plan and the cards.
 */
export function expoOrder(model: Model): ExpoRow[] {
  const known = orders.get(model);
  if (known) return known;
  const areas = new Map<string, ExpoGroup>();
  for (const area of model.event.expo?.areas ?? [])
    areas.set(area.slug, { key: `area-${area.slug}`, name: area.name, area });
  const none = model.phase.archived ? HAD_NO_TABLE : NO_TABLE;
  const groupOf = (p: ProjectEntry): ExpoGroup =>
    !p.table ? none : p.table.area ? (areas.get(p.table.area.slug) ?? PLACED) : PLACED;
  const rows = floorOrder(model.projects).map((project) => ({
    project,
    group: groupOf(project),
    team: teamName(model, project),
  }));
  orders.set(model, rows);
  return rows;
}

const rank = (p: ProjectEntry) => (!p.table ? 2 : p.table.number === null ? 1 : 0);

/** The floor's order reads each entry alone, so a dev save places the entries it changed (kept-order.ts). */
const floorOrder = keptOrder(
  (p: ProjectEntry, q: ProjectEntry) =>
    rank(p) - rank(q) ||
    (p.table?.number ?? 0) - (q.table?.number ?? 0) ||
    byCodeUnits(p.table?.label ?? "", q.table?.label ?? "") ||
    byCodeUnits(p.title, q.title) ||
    byCodeUnits(p.slug, q.slug),
);

/** The team's name, or its first three people's and how many more. */
function teamName(model: Model, p: ProjectEntry): string {
  const team = teamOf(model, p);
  if (team) return team.name;
  const names = p.team.slice(0, 3).map((person) => person.name);
  return names.join(", ") + (p.team.length > 3 ? ` and ${p.team.length - 3} more` : "");
}
