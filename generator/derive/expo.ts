import type { EventRecord } from "../contract/records.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import type { TableFields } from "../load/tables-at-seed.ts";
import type { Need } from "../validate/expo-floor.ts";
import { locate } from "../validate/locate.ts";
import { areaSlug } from "../validate/expo-floor.ts";
import type { Expo, Model, ValidRecords } from "./model.ts";
import { assignTables, type TableAssignment } from "./table-assignment.ts";
import { lastCall } from "../cache/last-call.ts";

/** The event's expo floor as published: each area with its slug and defaults, or null. */
export function expoOf(event: EventRecord): Expo | null {
  if (!event.expo) return null;
  return {
    areas: event.expo.areas.map((a, i) => ({
      slug: areaSlug(a.name, i),
      name: a.name,
      tables: a.tables,
      power: a.power ?? false,
      large: a.large ?? false,
      track: a.track ?? null,
    })),
  };
}

/**
 * Made again only when what it reads changed, as the judges' assignment is (judging-assignment.ts):
 * a save of a project's tagline moves no table (20–30 ms of a dev save at 10,000 projects).
 */
const tablesKept = lastCall(assignTables);

/**
 * Every project's table from the records: the floor, the organiser's fixed places, each project's
 * needs and track, and when it came (a team's extension, or its arrival after `judging.seed`) so a
 * late one takes a free table and moves nobody, as in the judging assignment.
 */
export function tablesOf(
  records: ValidRecords,
  expo: Expo | null,
  lateArrivals: Model["lateArrivals"],
  atSeed?: ReadonlyMap<string, TableFields>,
): TableAssignment {
  const extensions = new Map(
    (records.event.deadlines?.extensions ?? []).map((x) => [x.team, Date.parse(x.submission)] as const),
  );
  return tablesKept({
    areas: expo?.areas ?? [],
    fixed: records.event.judging?.tables ?? [],
    projects: records.projects.map(({ slug, record }) => ({
      slug,
      track: record.track ?? null,
      needs: record.needs ?? [],
      lateUntil: (record.teamSlug != null && extensions.get(record.teamSlug)) || null,
      arrived: lateArrivals?.get(slug) ?? null,
      was: wasAtSeed(atSeed?.get(slug)),
    })),
  });
}

/** A project's fields at the seed as the assignment reads them; null when it has not changed since. */
function wasAtSeed(fields: TableFields | undefined) {
  if (!fields) return null;
  const needs = fields.needs.filter((n): n is Need => n === "power" || n === "large");
  return { track: fields.track, needs };
}

export const UNSEATED_RULE = "expo-late-table";

/**
 * An error for each project the floor had no fitting free table for. The rules (validate/rules/
 * expo-*) count every project on time, so this is one that came late (after `judging.seed`, or on
 * its team's extension) when the tables it may take were given: it takes no table from anyone.
 */
export function unseatedErrors(model: Model, files: readonly RecordFile[]): Diagnostic[] {
  if (model.event.expo === null) return [];
  const bySlug = new Map(files.map((f) => [f.slug, f] as const));
  return model.projects.flatMap((p) => {
    const file = bySlug.get(p.slug);
    if (p.table !== null || !file) return [];
    const needs = p.needs.length
      ? ` with ${p.needs.map((n) => (n === "large" ? "a large space" : n)).join(" and ")}`
      : "";
    const areas = model.event.expo!.areas.some((a) => a.track !== null && a.track === p.track)
      ? `the areas for track ${p.track}`
      : "the areas it may use";
    return [
      {
        file: file.file,
        ...locate(file, p.needs.length ? ["needs"] : []),
        severity: "error",
        rule: UNSEATED_RULE,
        message: `project ${JSON.stringify(p.slug)} came or changed after the others were given their tables and must find a free table${needs} in ${areas} (found none free)`,
        expected: `a free table${needs}`,
        found: "none free",
        fix: `Add a table${needs} to ${areas} (tables: count), or place the project by hand in judging.tables. A new judging.seed would hand every table out again and move other projects.`,
      },
    ];
  });
}
