import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import {
  areaSlug,
  shortfalls,
  type FixedPlace,
  type FloorArea,
  type Need,
  type Shortage,
  type Shortfall,
} from "./expo-floor.ts";
import { at, field, list, type RuleContext } from "./rule.ts";

/**
 * The expo floor read from the records as they are, for the rules: undefined when the event has no
 * floor or one the schema refuses (its errors say why; a count from a broken floor would mislead).
 */
export function floorOf(event: RecordFile | undefined): FloorArea[] | undefined {
  const expo = field(event, "expo") as { areas?: unknown } | null | undefined;
  if (!expo || !Array.isArray(expo.areas) || expo.areas.length === 0) return undefined;
  const areas: FloorArea[] = [];
  for (const [i, raw] of expo.areas.entries()) {
    const a = (raw ?? {}) as Record<string, unknown>;
    const { name, tables, power = false, large = false, track = null } = a;
    if (typeof name !== "string" || !Number.isInteger(tables) || (tables as number) < 1) return undefined;
    if (typeof power !== "boolean" || typeof large !== "boolean") return undefined;
    if (track !== null && typeof track !== "string") return undefined;
    areas.push({
      slug: areaSlug(name, i),
      name,
      tables: Math.min(tables as number, 20000),
      power,
      large,
      track,
    });
  }
  return areas;
}

const counted = new WeakMap<RuleContext, Shortfall[]>();

/**
 * The floor's shortfalls for the records as they are: the projects' tracks and needs, the fixed
 * places. Counted once per validation, for the four rules that each report their kind.
 */
export function recordShortfalls(context: RuleContext): Shortfall[] {
  let known = counted.get(context);
  if (!known) counted.set(context, (known = countShortfalls(context)));
  return known;
}

function countShortfalls({ event, projects }: RuleContext): Shortfall[] {
  const areas = floorOf(event);
  if (!areas || !event) return [];
  const judging = field(event, "judging") as { tables?: unknown } | undefined;
  const fixed = list(judging?.tables).flatMap((entry) => {
    const { project, table } = (entry ?? {}) as Record<string, unknown>;
    return typeof project === "string" && typeof table === "string" ? [{ project, table } as FixedPlace] : [];
  });
  const floorProjects = projects.flatMap((p) => {
    if (!p.data || typeof p.data !== "object") return [];
    const track = field(p, "track");
    const needs = list(field(p, "needs")).filter((n): n is Need => n === "power" || n === "large");
    return [{ slug: p.slug, track: typeof track === "string" ? track : null, needs }];
  });
  return shortfalls(areas, fixed, floorProjects);
}

const WHAT: Record<Shortage, { need: string; tables: string; fix: string }> = {
  tables: { need: "", tables: "", fix: "Add tables to an area (its tables: count) or add an area" },
  power: {
    need: " needing power",
    tables: " with power",
    fix: "Set power: true on another area, or add tables to an area with power",
  },
  large: {
    need: " needing a large space",
    tables: " with a large space",
    fix: "Set large: true on another area, or add tables to an area with a large space",
  },
  both: {
    need: " needing power and a large space",
    tables: " with both",
    fix: "Set power: true and large: true on another area, or add tables to an area with both",
  },
  either: {
    need: " needing power or a large space",
    tables: " with power or a large space",
    fix: "Add tables to an area with power or a large space (a table with both serves one project)",
  },
};

const n = (count: number, noun: string) => `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;

/** One error at the event's `expo.areas` naming the counts and the fix. */
export function shortfallError(event: RecordFile, s: Shortfall, rule: string): Diagnostic {
  const what = WHAT[s.shortage];
  const tracked = floorOf(event)?.some((a) => a.track !== null) ?? false;
  // Projects in a track with areas of its own sit there; the rest in the areas for no track.
  const projects =
    s.group !== null ? ` of track ${s.group}` : tracked ? " outside the tracks with areas" : "";
  const areas = s.group !== null ? ` in its areas` : tracked ? " in the areas without a track" : "";
  const missing = s.projects - s.tables;
  return at(event, ["expo", "areas"], {
    severity: "error",
    rule,
    message: `expo.areas must have ${n(s.projects, "table")}${what.tables} for the ${n(s.projects, "project")}${projects}${what.need} (found ${n(s.tables, "table")}${areas})`,
    expected: `at least ${n(s.projects, "table")}${what.tables}${areas}`,
    found: n(s.tables, "table"),
    fix: `${what.fix}${s.group === null ? "" : ` for track ${s.group}`}: ${n(missing, "more table")} at least. Or place projects by hand in judging.tables.`,
  });
}
