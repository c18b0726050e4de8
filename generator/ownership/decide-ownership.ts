import { recordKind, EVENT_FILE, type ChangedFile, type ChangeStatus } from "./changed-file.ts";
import { linkedTeamFile, listedPeople } from "./record-people.ts";
import type { RecordVersions } from "./gather-records.ts";

export interface OwnershipInput extends RecordVersions {
  /** The pull request's author, as GitHub's API names them. */
  author: string;
  files: readonly ChangedFile[];
}

export interface FileVerdict {
  path: string;
  status: ChangeStatus;
  allowed: boolean;
  reason: string;
}

export interface OwnershipVerdict {
  author: string;
  organiser: boolean;
  allowed: boolean;
  files: FileVerdict[];
}

/**
 * May the author make this change? Decided only from the base branch's records (who owns what
 * now) and the head's new records (a new record must list its author): a pull request cannot
 * grant itself rights by editing the records it is judged by.
 */
export function decideOwnership(input: OwnershipInput): OwnershipVerdict {
  const author = input.author.toLowerCase();
  const organiser = input.organisers.includes(author);
  const files = input.files.map((file) =>
    organiser
      ? { ...verdict(file, true, "the author is an organiser") }
      : { ...decideFile(file, author, input) },
  );
  return { author: input.author, organiser, allowed: files.every((f) => f.allowed), files };
}

function decideFile(file: ChangedFile, author: string, versions: RecordVersions): FileVerdict {
  const kind = recordKind(file.path);
  if (file.path === EVENT_FILE) return verdict(file, false, "the event record needs an organiser");
  if (kind === undefined || (file.previousPath !== undefined && recordKind(file.previousPath) !== kind))
    return verdict(file, false, "changes outside records/teams/ and records/projects/ need an organiser");
  if (file.status === "renamed")
    return verdict(file, false, "renaming a published record changes its slug and needs an organiser");
  if (file.status === "removed")
    return verdict(file, false, "deleting a published record removes its slug and needs an organiser");
  if (file.status === "added")
    return lists(file.path, versions.head.get(file.path), versions, "head", author)
      ? verdict(file, true, "a new record that lists the author")
      : verdict(file, false, `a new ${kind} must list its author in ${listName(kind)}`);
  if (!versions.base.has(file.path))
    return verdict(file, false, "the base version could not be read, so an organiser must review it");
  return lists(file.path, versions.base.get(file.path), versions, "base", author)
    ? verdict(file, true, "the base version lists the author")
    : verdict(file, false, `the base version does not list the author in ${listName(kind)}`);
}

/**
 * A team lists its members; a project its `team`, or the members of the team its `teamSlug`
 * names (that team's base version when it exists, else the one this pull request adds).
 */
function lists(
  path: string,
  data: unknown,
  versions: RecordVersions,
  side: "base" | "head",
  author: string,
): boolean {
  if (listedPeople(path, data).includes(author)) return true;
  if (recordKind(path) !== "project") return false;
  const team = linkedTeamFile(data);
  if (team === undefined) return false;
  const teamData = versions.base.has(team)
    ? versions.base.get(team)
    : side === "head"
      ? versions.head.get(team)
      : undefined;
  return listedPeople(team, teamData).includes(author);
}

function listName(kind: "team" | "project"): string {
  return kind === "team" ? "members" : "team (or the members of its teamSlug team)";
}

function verdict(file: ChangedFile, allowed: boolean, reason: string): FileVerdict {
  return { path: file.path, status: file.status, allowed, reason };
}
