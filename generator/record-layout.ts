import { recordSchemas } from "./contract/record-schemas.ts";

/**
 * Where records live: the one answer that load, ownership, intake, scaffold and report share, so a
 * fork that moves a folder changes one line.
 */
export type RecordKind = "event" | "team" | "project";
/** The kinds a team may add or change; one file each, named after its slug. */
export type EntryKind = Exclude<RecordKind, "event">;

export const RECORDS_DIR = "records";
export const EVENT_FILE = `${RECORDS_DIR}/event.yaml`;
export const SCHEMAS_DIR = `${RECORDS_DIR}/schemas`;
export const ENTRY_FOLDERS: Readonly<Record<EntryKind, string>> = {
  team: `${RECORDS_DIR}/teams`,
  project: `${RECORDS_DIR}/projects`,
};

/** The schemas' slug pattern, so file names, slug fields and report artifacts follow one rule. */
export const SLUG_PATTERN = new RegExp(recordSchemas.common.$defs.slug.pattern);

/** `records/teams/<slug>.yaml`. */
export function recordPath(kind: EntryKind, slug: string): string {
  return `${ENTRY_FOLDERS[kind]}/${slug}.yaml`;
}

/** `<slug>` of `records/teams/<slug>.yaml` or `records/projects/<slug>.yaml`. */
export function slugOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1, -".yaml".length);
}

/** The kind of `records/teams/<name>.yaml` or `records/projects/<name>.yaml`; anything else is none. */
export function entryKindOf(path: string): EntryKind | undefined {
  for (const kind of ["team", "project"] as const) {
    const folder = `${ENTRY_FOLDERS[kind]}/`;
    const name = path.slice(folder.length);
    if (path.startsWith(folder) && /^[^/]+\.yaml$/.test(name)) return kind;
  }
  return undefined;
}

/** The kind whose schema alone has some of these top-level fields, when no field points the other way. */
export function kindByFields(fields: readonly string[]): EntryKind | undefined {
  const own = (kind: EntryKind, other: EntryKind) =>
    fields.some((f) => f in recordSchemas[kind].properties && !(f in recordSchemas[other].properties));
  const team = own("team", "project");
  const project = own("project", "team");
  return team === project ? undefined : team ? "team" : "project";
}
