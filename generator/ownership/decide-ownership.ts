import { EVENT_FILE, entryKindOf, slugOf } from "../record-layout.ts";
import { EDITIONS_DIR } from "../load/list-editions.ts";
import { archivedEdition, isCheckedAsData, type ChangedFile, type ChangeStatus } from "./changed-file.ts";
import { lateness } from "./lateness.ts";
import { formerSlugsOf, linkedTeamFile, listedPeople } from "./record-people.ts";
import { MAX_RECORD_READS, type RecordVersions } from "./gather-records.ts";

export interface OwnershipInput extends RecordVersions {
  /** The pull request's author, as GitHub's API names them. */
  author: string;
  files: readonly ChangedFile[];
  /** How many files GitHub counts in the pull request; its file list stops at 3,000. */
  changedFiles: number;
  /** The organiser whose review approves the head commit (see organiser-approval.ts). */
  approvedBy?: string | undefined;
  /** Why GitHub's test merge could not be read (a conflict, or still being computed). */
  noMerge?: string | undefined;
  /**
   * When GitHub first validated the head commit, in ms (the earliest Validate run's `created_at`);
   * undefined when there is none. Only deadlines read it (see lateness.ts).
   */
  seenAt?: number | undefined;
  /**
   * Per path, when GitHub first validated the same content at an earlier head of the pull request
   * (content-seen.ts): an update or rebase after a deadline carries on-time content on time.
   */
  contentSeenAt?: ReadonlyMap<string, number> | undefined;
}

export interface FileVerdict {
  path: string;
  status: ChangeStatus;
  allowed: boolean;
  reason: string;
  /** Refused only for coming after a deadline: an organiser's approval is what it needs. */
  late?: true;
}

export interface OwnershipVerdict {
  author: string;
  organiser: boolean;
  approvedBy?: string | undefined;
  allowed: boolean;
  /** Why the pull request as a whole needs an organiser, beyond its files. */
  refusals: string[];
  files: FileVerdict[];
  /** Changed paths outside what the checks read as data: Validate's result is the PR's own word. */
  codeChanged: string[];
}

/**
 * May the author make this change? Decided only from the base branch's records (who owns what
 * now) and the head's new records (a new record must list its author): a pull request cannot
 * grant itself rights by editing the records it is judged by.
 */
export function decideOwnership(input: OwnershipInput): OwnershipVerdict {
  const author = input.author.toLowerCase();
  const organiser = input.organisers.includes(author);
  const approval = organiser ? undefined : input.approvedBy;
  const files = input.files.map((file) =>
    organiser
      ? verdict(file, true, "the author is an organiser")
      : approval !== undefined
        ? verdict(file, true, `organiser ${approval} approved this commit`)
        : onTime(decideFile(file, author, input), file, input),
  );
  const refusals =
    organiser || approval !== undefined
      ? []
      : [
          ...(input.files.length >= input.changedFiles
            ? []
            : [
                `GitHub listed ${input.files.length} of the ${input.changedFiles} changed files, so the rest could not be checked`,
              ]),
          ...(input.noMerge === undefined ? [] : [input.noMerge]),
        ];
  const codeChanged = input.files
    .flatMap((f) => [f.path, ...(f.previousPath === undefined ? [] : [f.previousPath])])
    .filter((path) => !isCheckedAsData(path));
  return {
    author: input.author,
    organiser,
    ...(approval === undefined ? {} : { approvedBy: approval }),
    allowed: refusals.length === 0 && files.every((f) => f.allowed),
    refusals,
    files,
    codeChanged: [...new Set(codeChanged)],
  };
}

function decideFile(file: ChangedFile, author: string, versions: RecordVersions): FileVerdict {
  const kind = entryKindOf(file.path);
  if (file.path === EVENT_FILE) return verdict(file, false, "the event record needs an organiser");
  // An archived edition is published as it was (and its old root URLs lead there): read-only.
  const archived = [file.path, file.previousPath].find((p) => p?.startsWith(`${EDITIONS_DIR}/`));
  if (archived !== undefined) {
    const id = archivedEdition(archived);
    const what = id === undefined ? "the archived editions' folder" : `the archived edition ${id}`;
    return verdict(
      file,
      false,
      `${archived} is part of ${what}, which is read-only: changing anything under ${EDITIONS_DIR}/ needs an organiser`,
    );
  }
  if (kind !== undefined && versions.unread !== undefined)
    return verdict(
      file,
      false,
      `not read: this pull request changes ${versions.unread} records, and one changing over ${MAX_RECORD_READS} needs an organiser`,
    );
  if (kind === undefined || (file.previousPath !== undefined && entryKindOf(file.previousPath) !== kind))
    return verdict(file, false, "changes outside records/teams/ and records/projects/ need an organiser");
  if (file.status === "renamed")
    return verdict(file, false, "renaming a published record changes its slug and needs an organiser");
  if (file.status === "removed")
    return verdict(file, false, "deleting a published record removes its slug and needs an organiser");
  const unreadable = versions.unreadable.get(file.path);
  if (unreadable !== undefined) return verdict(file, false, `${unreadable}, so an organiser must review it`);
  if (file.status === "modified" && !versions.base.has(file.path))
    return verdict(file, false, "the base version could not be read, so an organiser must review it");
  if (
    file.status === "modified" &&
    !lists(file.path, versions.base.get(file.path), versions, versions.base, author)
  )
    return verdict(file, false, `the base version does not list the author in ${listName(kind)}`);
  // What merges is judged as well as what the pull request shows: the two differ when the
  // default branch changed the record since the branch was made.
  const sides = versions.merge === undefined ? [versions.head] : [versions.head, versions.merge];
  for (const next of sides) {
    const refused = decideNext(file, author, versions, next);
    if (refused !== undefined)
      return next === versions.head
        ? refused
        : { ...refused, reason: `in GitHub's test merge, ${refused.reason}` };
  }
  return verdict(
    file,
    true,
    file.status === "added" ? "a new record that lists the author" : "the base version lists the author",
  );
}

/** Why the new version `next` (the head's or the test merge's) of an added or modified record is refused. */
function decideNext(
  file: ChangedFile,
  author: string,
  versions: RecordVersions,
  next: ReadonlyMap<string, unknown>,
): FileVerdict | undefined {
  const kind = entryKindOf(file.path)!;
  if (file.status === "added" && !lists(file.path, next.get(file.path), versions, next, author))
    return verdict(file, false, `a new ${kind} must list its author in ${listName(kind)}`);
  return attachRefusal(file, versions, next, author) ?? formerSlugsRefusal(file, versions, next);
}

/** An allowed change, refused when it comes after the deadline that governs it. */
function onTime(allowed: FileVerdict, file: ChangedFile, input: OwnershipInput): FileVerdict {
  if (!allowed.allowed) return allowed;
  const versions = input.merge === undefined ? [input.head] : [input.head, input.merge];
  const late = lateness(
    file,
    input.base.get(file.path),
    versions.map((side) => side.get(file.path)),
    input.base.get(EVENT_FILE),
    earliest(input.seenAt, input.contentSeenAt?.get(file.path)),
  );
  return late === undefined ? allowed : { ...verdict(file, false, late), late: true };
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/**
 * A project that joins a published team (new, or with `teamSlug` changed from the base) shows on
 * that team's page, so only that team's members on the base branch may attach it. A team this
 * pull request adds is judged as its own file.
 */
function attachRefusal(
  file: ChangedFile,
  versions: RecordVersions,
  next: ReadonlyMap<string, unknown>,
  author: string,
): FileVerdict | undefined {
  if (entryKindOf(file.path) !== "project") return undefined;
  const team = linkedTeamFile(next.get(file.path));
  if (team === undefined || !versions.base.has(team)) return undefined;
  if (file.status !== "added" && linkedTeamFile(versions.base.get(file.path)) === team) return undefined;
  if (listedPeople(team, versions.base.get(team)).includes(author)) return undefined;
  return verdict(file, false, `only a member of team ${slugOf(team)} may attach a project to it`);
}

/**
 * A former slug makes its old address lead to this record. Any unused slug would do (a deleted
 * team's, a future team's name), so a slug the base version does not already list needs an organiser.
 */
function formerSlugsRefusal(
  file: ChangedFile,
  versions: RecordVersions,
  next: ReadonlyMap<string, unknown>,
): FileVerdict | undefined {
  const before = new Set(file.status === "added" ? [] : formerSlugsOf(versions.base.get(file.path)));
  const added = formerSlugsOf(next.get(file.path)).filter((s) => !before.has(s));
  if (added.length === 0) return undefined;
  return verdict(
    file,
    false,
    `new formerSlugs (${added.join(", ")}) take over old addresses and need an organiser`,
  );
}

/**
 * A team lists its members; a project its `team`, or the members of the team its `teamSlug`
 * names (that team's base version when it exists, else the one this pull request adds, read
 * from the same side as the project).
 */
function lists(
  path: string,
  data: unknown,
  versions: RecordVersions,
  side: ReadonlyMap<string, unknown>,
  author: string,
): boolean {
  if (listedPeople(path, data).includes(author)) return true;
  if (entryKindOf(path) !== "project") return false;
  const team = linkedTeamFile(data);
  if (team === undefined) return false;
  const teamData = versions.base.has(team)
    ? versions.base.get(team)
    : side !== versions.base
      ? side.get(team)
      : undefined;
  return listedPeople(team, teamData).includes(author);
}

function listName(kind: "team" | "project"): string {
  return kind === "team" ? "members" : "team (or the members of its teamSlug team)";
}

function verdict(file: ChangedFile, allowed: boolean, reason: string): FileVerdict {
  return { path: file.path, status: file.status, allowed, reason };
}
