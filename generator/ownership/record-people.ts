import { entryKindOf, recordPath, SLUG_PATTERN } from "../record-layout.ts";

/**
 * Who a record lists, read from parsed YAML that may be anything: the file comes from a pull
 * request or the base branch and is not validated here, so every field is checked for its shape.
 */
export function githubHandles(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((person: unknown) => {
    const handle = isObject(person) ? person.github : undefined;
    return typeof handle === "string" && handle !== "" ? [handle.toLowerCase()] : [];
  });
}

/** A team lists its `members`; a project its `team`. */
export function listedPeople(path: string, data: unknown): string[] {
  if (!isObject(data)) return [];
  const kind = entryKindOf(path);
  if (kind === "team") return githubHandles(data.members);
  if (kind === "project") return githubHandles(data.team);
  return [];
}

/** The team record a project links with `teamSlug`, when the value looks like a slug. */
export function linkedTeamFile(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  const slug = data.teamSlug;
  return typeof slug === "string" && SLUG_PATTERN.test(slug) ? recordPath("team", slug) : undefined;
}

/** The `formerSlugs` a team or project lists: old addresses that lead to it. */
export function formerSlugsOf(data: unknown): string[] {
  if (!isObject(data) || !Array.isArray(data.formerSlugs)) return [];
  return data.formerSlugs.filter((s): s is string => typeof s === "string");
}

/** `organisers` from the base branch's event record. */
export function organisersOf(event: unknown): string[] {
  if (!isObject(event) || !Array.isArray(event.organisers)) return [];
  return event.organisers.filter((o): o is string => typeof o === "string").map((o) => o.toLowerCase());
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
