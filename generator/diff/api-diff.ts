import type { Model } from "../derive/model.ts";
import { byCodeUnits } from "../code-unit-order.ts";

/**
 * What a change to the records changes in the published API, as data: the Validate workflow puts
 * it in its artifact and the Report workflow shows it on the pull request. Entries are compared as
 * they are published (`api/teams.json`, `api/projects.json`, `api/event.json`), so derived fields
 * (a team's projects, its skills present) show up too.
 */
export interface FieldChange {
  /** `members[1].github`, `description`; absent `before` means added, absent `after` removed. */
  path: string;
  before?: unknown;
  after?: unknown;
}

export interface EntryChange {
  slug: string;
  fields: FieldChange[];
}

export interface CollectionDiff {
  added: string[];
  removed: string[];
  changed: EntryChange[];
}

export interface ApiDiff {
  event: FieldChange[];
  teams: CollectionDiff;
  projects: CollectionDiff;
}

type Published = Pick<Model, "event" | "teams" | "projects">;

/** `base` is null when the base branch has no valid site (the first records): everything is added. */
export function diffModels(base: Published | null, head: Published): ApiDiff {
  return {
    event: base ? diffValues("", base.event, head.event) : [],
    teams: diffCollection(base?.teams ?? [], head.teams),
    projects: diffCollection(base?.projects ?? [], head.projects),
  };
}

export function isEmptyDiff(diff: ApiDiff): boolean {
  return diff.event.length === 0 && [diff.teams, diff.projects].every(isEmptyCollection);
}

function isEmptyCollection(c: CollectionDiff): boolean {
  return c.added.length === 0 && c.removed.length === 0 && c.changed.length === 0;
}

function diffCollection<T extends { slug: string }>(base: readonly T[], head: readonly T[]): CollectionDiff {
  const before = new Map(base.map((entry) => [entry.slug, entry]));
  const after = new Map(head.map((entry) => [entry.slug, entry]));
  const changed: EntryChange[] = [];
  for (const [slug, entry] of after) {
    const old = before.get(slug);
    if (old === undefined) continue;
    const fields = diffValues("", old, entry);
    if (fields.length > 0) changed.push({ slug, fields });
  }
  return {
    added: [...after.keys()].filter((slug) => !before.has(slug)).sort(),
    removed: [...before.keys()].filter((slug) => !after.has(slug)).sort(),
    changed: changed.sort((a, b) => byCodeUnits(a.slug, b.slug)),
  };
}

/**
 * Leaf changes between two JSON values. Lists of plain values (robots, skills) change as a whole,
 * which reads better than index by index; lists of objects (members, schedule) go index by index.
 */
function diffValues(path: string, before: unknown, after: unknown): FieldChange[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after) && !(allPlain(before) && allPlain(after))) {
    const changes: FieldChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      changes.push(...diffValues(`${path}[${i}]`, before[i], after[i]));
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffValues(path ? `${path}.${key}` : key, before[key], after[key]));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const change: FieldChange = { path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  return [change];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function allPlain(list: readonly unknown[]): boolean {
  return list.every((item) => typeof item !== "object" || item === null);
}
