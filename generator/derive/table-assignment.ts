import { byCodeUnits } from "../code-unit-order.ts";
import type { ProjectTable } from "../contract/entry-extras.ts";
import {
  fixedNumber,
  floorTables,
  groupOf,
  kindOf,
  needsKind,
  tableLabel,
  type FixedPlace,
  type FloorArea,
  type FloorProject,
} from "../validate/expo-floor.ts";

/** What the assignment reads: plain data, so a test can make it without building a site. */
export interface TableInput {
  /** The floor's areas in order; empty when the event has no expo floor. */
  areas: readonly FloorArea[];
  /** The organiser's places (`judging.tables`), which override. */
  fixed: readonly FixedPlace[];
  projects: ReadonlyArray<
    FloorProject & {
      /** As in the judging assignment: a team's extension, in ms, or null. */
      lateUntil: number | null;
      /** Its place among the projects that arrived after `judging.seed`, or null. */
      arrived?: number | null;
      /**
       * Its track and needs when `judging.seed` was set, if it changed since (load/tables-at-seed.ts):
       * the tables were handed out from those, so a change moves this project alone.
       */
      was?: Omit<FloorProject, "slug"> | null;
    }
  >;
}

export interface TableAssignment {
  /** Each project's table by slug; a project without one is absent. */
  tables: Map<string, ProjectTable>;
  /** Projects the floor had no fitting free table for, in the order they were handed out. */
  unplaced: Array<{ project: string; needs: number; group: string | null }>;
}

/**
 * Every project's table. Fixed places first; then the on-time projects take tables, those with
 * both needs first, then power, then a large space, then none, each in slug order; then the late
 * ones (a team's extension, then those that arrived after the seed, in order of arrival). Each
 * takes the free table of its group (its track's areas, else the areas for no track) that has
 * its needs and the fewest other features, lowest number first. Handing the scarcest first
 * places every on-time project whenever the counts of validate/expo-floor.ts allow it; a late
 * project only takes a table still free, so it moves nobody. A project changed since the seed is
 * handed out as it was then, and moves alone if its table no longer fits it.
 */
export function assignTables(input: TableInput): TableAssignment {
  const floor = floorTables(input.areas);
  // One published area object per area, shared by its tables' projects.
  const shown = new Map(input.areas.map((a) => [a, publicArea(a)] as const));
  const slugs = new Set(input.projects.map((p) => p.slug));
  const tables = new Map<string, ProjectTable>();
  const taken = new Set<number>();
  for (const f of input.fixed) {
    if (!slugs.has(f.project) || tables.has(f.project)) continue;
    const n = fixedNumber(f.table, floor.length);
    if (n !== null && !taken.has(n)) {
      taken.add(n);
      tables.set(f.project, { label: f.table, number: n, area: shown.get(floor[n - 1]!.area)! });
    } else tables.set(f.project, { label: f.table, number: null, area: null });
  }
  const trackAreas = new Set(input.areas.flatMap((a) => (a.track === null ? [] : [a.track])));
  // Free tables by group and kind, lowest number first; `next` walks each list once.
  const free = new Map<string | null, Array<{ numbers: number[]; next: number }>>();
  for (const { number, area } of floor) {
    if (taken.has(number)) continue;
    const key = groupOf(area.track, trackAreas);
    let kinds = free.get(key);
    if (!kinds) free.set(key, (kinds = [0, 1, 2, 3].map(() => ({ numbers: [], next: 0 }))));
    kinds[kindOf(area)]!.numbers.push(number);
  }
  const unplaced: TableAssignment["unplaced"] = [];
  if (floor.length === 0) return { tables, unplaced };
  const place = (slug: string, fields: Omit<FloorProject, "slug">) => {
    const group = groupOf(fields.track, trackAreas);
    const needs = needsKind(fields.needs);
    const kinds = free.get(group);
    const kind = kinds && pick(kinds, needs);
    if (kind === undefined) return void unplaced.push({ project: slug, needs, group });
    const n = kind.numbers[kind.next++]!;
    tables.set(slug, { label: tableLabel(n), number: n, area: shown.get(floor[n - 1]!.area)! });
  };
  for (const project of handOutOrder(input.projects.filter((p) => !tables.has(p.slug))))
    place(project.slug, project.was ?? project);
  // A project whose table no longer fits what it is now gives it back and takes a free one that
  // fits, after everyone else: nobody moves for it.
  const fits = (n: number, fields: Omit<FloorProject, "slug">) => {
    const { area } = floor[n - 1]!;
    const needs = needsKind(fields.needs);
    return (
      groupOf(area.track, trackAreas) === groupOf(fields.track, trackAreas) &&
      (kindOf(area) & needs) === needs
    );
  };
  const moving = input.projects.filter((p) => {
    const n = p.was ? tables.get(p.slug)?.number : null;
    return n != null && !input.fixed.some((f) => f.project === p.slug) && !fits(n, p);
  });
  for (const p of moving) {
    const n = tables.get(p.slug)!.number!;
    tables.delete(p.slug);
    const { area } = floor[n - 1]!;
    const list = free.get(groupOf(area.track, trackAreas))![kindOf(area)]!;
    const at = list.numbers.findIndex((m, i) => i >= list.next && m > n);
    list.numbers.splice(at < 0 ? list.numbers.length : at, 0, n);
  }
  for (const p of [...moving].sort((a, b) => byCodeUnits(a.slug, b.slug))) place(p.slug, p);
  return { tables, unplaced };
}

/** The free kind with the needs and the fewest other features; of two alike, the lower table. */
function pick(kinds: Array<{ numbers: number[]; next: number }>, needs: number) {
  let best: { numbers: number[]; next: number } | undefined;
  let bestExtra = 3;
  for (const [kind, list] of kinds.entries()) {
    if ((kind & needs) !== needs || list.next >= list.numbers.length) continue;
    const extra = (kind & ~needs & 1) + ((kind & ~needs & 2) >> 1);
    if (
      !best ||
      extra < bestExtra ||
      (extra === bestExtra && list.numbers[list.next]! < best.numbers[best.next]!)
    ) {
      best = list;
      bestExtra = extra;
    }
  }
  return best;
}

/** On time first (scarcest needs first, then slug), then extensions by date, then arrivals. */
function handOutOrder<P extends TableInput["projects"][number]>(projects: readonly P[]): P[] {
  const scarcity = [3, 1, 2, 0];
  const key = (p: P): [number, number, number] =>
    p.arrived != null
      ? [2, p.arrived, 0]
      : p.lateUntil !== null
        ? [1, p.lateUntil, 0]
        : [0, 0, scarcity.indexOf(needsKind((p.was ?? p).needs))];
  const keyed = projects.map((p) => ({ p, k: key(p) }));
  keyed.sort(
    (a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2] || byCodeUnits(a.p.slug, b.p.slug),
  );
  return keyed.map((x) => x.p);
}

const publicArea = (a: FloorArea): NonNullable<ProjectTable["area"]> => ({
  slug: a.slug,
  name: a.name,
  power: a.power,
  large: a.large,
  track: a.track,
});
