import type { EventRecord } from "../contract/records.ts";
import { areaSlug } from "../validate/expo-floor.ts";
import type { Expo, Model, ValidRecords } from "./model.ts";
import { assignTables, type TableAssignment } from "./table-assignment.ts";

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
 * Every project's table from the records: the floor, the organiser's fixed places, each project's
 * needs and track, and when it came (a team's extension, or its arrival after `judging.seed`) so a
 * late one takes a free table and moves nobody, as in the judging assignment.
 */
export function tablesOf(
  records: ValidRecords,
  expo: Expo | null,
  lateArrivals: Model["lateArrivals"],
): TableAssignment {
  const extensions = new Map(
    (records.event.deadlines?.extensions ?? []).map((x) => [x.team, Date.parse(x.submission)] as const),
  );
  return assignTables({
    areas: expo?.areas ?? [],
    fixed: records.event.judging?.tables ?? [],
    projects: records.projects.map(({ slug, record }) => ({
      slug,
      track: record.track ?? null,
      needs: record.needs ?? [],
      lateUntil: (record.teamSlug != null && extensions.get(record.teamSlug)) || null,
      arrived: lateArrivals?.get(slug) ?? null,
    })),
  });
}
