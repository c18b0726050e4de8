/**
 * The expo floor as plain data, shared by the rules that check it has room (validate/rules/expo-*)
 * and the assignment that hands out its tables (derive/table-assignment.ts), so both count alike.
 */

/** A project's demo needs; the floor's tables have them or not. */
export type Need = "power" | "large";

export interface FloorArea {
  slug: string;
  name: string;
  tables: number;
  power: boolean;
  large: boolean;
  track: string | null;
}

export interface FloorProject {
  slug: string;
  track: string | null;
  needs: readonly Need[];
}

/** `judging.tables`: an organiser's place for a project, free text or a table's label. */
export interface FixedPlace {
  project: string;
  table: string;
}

/** What people read for the table numbered n; a fixed place with this text takes that table. */
export const tableLabel = (n: number): string => `Table ${n}`;

/**
 * An area's slug, from its name: `Main hall` → `main-hall`, `Café B` → `cafe-b`. A name with no
 * letter or digit of the Latin alphabet gets `area-<its place>` so every area has one.
 */
export function areaSlug(name: string, index: number): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || `area-${index + 1}`;
}

/** A table's kind as bits: 1 power, 2 large. A project's needs likewise. */
export const kindOf = (has: { power: boolean; large: boolean }): number =>
  (has.power ? 1 : 0) | (has.large ? 2 : 0);
export const needsKind = (needs: readonly Need[]): number =>
  (needs.includes("power") ? 1 : 0) | (needs.includes("large") ? 2 : 0);

/**
 * Where a project's table must be: its track when some area is for that track, else the areas
 * for no track (`null`). The key names the group in messages.
 */
export function groupOf(track: string | null, trackAreas: ReadonlySet<string>): string | null {
  return track !== null && trackAreas.has(track) ? track : null;
}

/** Each table of the floor, numbered 1…N across the areas in their order. */
export function floorTables(areas: readonly FloorArea[]): Array<{ number: number; area: FloorArea }> {
  const tables: Array<{ number: number; area: FloorArea }> = [];
  for (const area of areas)
    for (let i = 0; i < area.tables; i++) tables.push({ number: tables.length + 1, area });
  return tables;
}

/** The table a fixed place takes: its text is a table's label on this floor; else none. */
export function fixedNumber(text: string, total: number): number | null {
  const n = /^Table ([1-9][0-9]{0,5})$/.exec(text)?.[1];
  return n !== undefined && Number(n) <= total ? Number(n) : null;
}

/** Which need a shortfall is about: all tables, power, a large space, both, or either. */
export type Shortage = "tables" | "power" | "large" | "both" | "either";

export interface Shortfall {
  shortage: Shortage;
  /** The track whose areas are short, or null for the areas any project may use. */
  group: string | null;
  projects: number;
  tables: number;
}

/**
 * Every way the floor has too few tables for its projects, per group of areas. The assignment
 * places everyone exactly when none is found and every project is on time: each of these counts
 * (Hall's condition for the four kinds of table) is what it needs (derive/table-assignment.ts).
 */
export function shortfalls(
  areas: readonly FloorArea[],
  fixed: readonly FixedPlace[],
  projects: readonly FloorProject[],
): Shortfall[] {
  const trackAreas = new Set(areas.flatMap((a) => (a.track === null ? [] : [a.track])));
  const groups = new Map<string | null, { supply: number[]; demand: number[] }>();
  const group = (key: string | null) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { supply: [0, 0, 0, 0], demand: [0, 0, 0, 0] }));
    return g;
  };
  const tables = floorTables(areas);
  const taken = new Set<number>();
  const placed = new Set<string>();
  for (const f of fixed) {
    if (placed.has(f.project)) continue;
    placed.add(f.project);
    const n = fixedNumber(f.table, tables.length);
    if (n !== null) taken.add(n);
  }
  const add = (list: number[], kind: number) => (list[kind] = list[kind]! + 1);
  for (const { number, area } of tables)
    if (!taken.has(number)) add(group(groupOf(area.track, trackAreas)).supply, kindOf(area));
  for (const p of projects)
    if (!placed.has(p.slug)) add(group(groupOf(p.track, trackAreas)).demand, needsKind(p.needs));
  const found: Shortfall[] = [];
  for (const [key, { supply: t, demand: d }] of groups) {
    const check = (shortage: Shortage, projects: number, tables: number) => {
      if (projects > tables) found.push({ shortage, group: key, projects, tables });
    };
    check("tables", d[0]! + d[1]! + d[2]! + d[3]!, t[0]! + t[1]! + t[2]! + t[3]!);
    check("power", d[1]! + d[3]!, t[1]! + t[3]!);
    check("large", d[2]! + d[3]!, t[2]! + t[3]!);
    check("both", d[3]!, t[3]!);
    // Power and large each fit, but not together: the tables with both are counted twice.
    if (d[1]! + d[3]! <= t[1]! + t[3]! && d[2]! + d[3]! <= t[2]! + t[3]! && d[3]! <= t[3]!)
      check("either", d[1]! + d[2]! + d[3]!, t[1]! + t[2]! + t[3]!);
  }
  return found;
}
