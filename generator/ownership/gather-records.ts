import { versionData } from "../load/version-data.ts";
import { EVENT_FILE, entryKindOf } from "../record-layout.ts";
import type { ChangedFile } from "./changed-file.ts";
import { linkedTeamFile, organisersOf } from "./record-people.ts";

/** Where a version is read: the default branch, the pull request's head, or GitHub's test merge. */
export type Side = "base" | "head" | "merge";

/** The text of a file on one side; undefined when GitHub gives none (absent, or too large to send). */
export type ReadFile = (side: Side, path: string) => Promise<string | undefined>;

export interface RecordVersions {
  /** Parsed records by path; only the ones a decision needs. */
  base: ReadonlyMap<string, unknown>;
  head: ReadonlyMap<string, unknown>;
  /**
   * The same paths in GitHub's test merge of the pull request into the default branch: what
   * Validate checked and what a merge would publish. Absent when there is no test merge to read.
   */
  merge?: ReadonlyMap<string, unknown>;
  /** Why the head or merge version of an added or changed record cannot be judged, by path. */
  unreadable: ReadonlyMap<string, string>;
  /** From the base branch's `records/event.yaml`, lower case. */
  organisers: readonly string[];
  /** How many records were left unread: more than a participant's pull request may change. */
  unread?: number;
}

/**
 * A team's pull request changes a record or two. Reading thousands would spend the token's API
 * budget (1,000 requests an hour per repository) and fail half-way, so past this they need an organiser.
 */
export const MAX_RECORD_READS = 100;

/**
 * Reads what deciding ownership needs: the base event (organisers), then, unless `author` is an
 * organiser (who may change anything), the base, head and (with `merged`) test-merge versions of
 * every touched team or project record, and the teams those projects link to.
 */
export async function gatherRecords(
  files: readonly ChangedFile[],
  read: ReadFile,
  author = "",
  merged = false,
): Promise<RecordVersions> {
  const maps = {
    base: new Map<string, unknown>(),
    head: new Map<string, unknown>(),
    merge: new Map<string, unknown>(),
  };
  const { base } = maps;
  const unreadable = new Map<string, string>();
  /** Why each version read could not be judged (undefined: it could), by `side:path`. */
  const problems = new Map<string, string | undefined>();
  const load = async (side: Side, path: string) => {
    if (problems.has(`${side}:${path}`)) return;
    problems.set(`${side}:${path}`, undefined);
    const version = recordData(path, await read(side, path));
    problems.set(`${side}:${path}`, version.problem);
    if (version.problem !== ABSENT) maps[side].set(path, version.data);
  };

  await load("base", EVENT_FILE);
  const organisers = organisersOf(base.get(EVENT_FILE));
  const records = files.filter((f) => entryKindOf(f.path) !== undefined);
  const result = { base, head: maps.head, organisers, unreadable, ...(merged ? { merge: maps.merge } : {}) };
  if (organisers.includes(author.toLowerCase())) return result;
  if (records.length > MAX_RECORD_READS) return { ...result, unread: records.length };
  const sides: Side[] = merged ? ["head", "merge"] : ["head"];
  const changed = records.filter((f) => f.status !== "removed");
  await Promise.all([
    ...records.filter((f) => f.status !== "added").map((f) => load("base", f.previousPath ?? f.path)),
    ...sides.flatMap((side) => changed.map((f) => load(side, f.path))),
  ]);
  for (const side of sides)
    for (const { path } of changed) {
      const why = problems.get(`${side}:${path}`);
      if (why !== undefined && !unreadable.has(path)) unreadable.set(path, `its ${SIDE_NAMES[side]} ${why}`);
    }

  const teams = new Set<string>();
  for (const map of Object.values(maps))
    for (const data of map.values()) {
      const team = linkedTeamFile(data);
      if (team !== undefined) teams.add(team);
    }
  await Promise.all([...teams].map((team) => load("base", team)));
  const added = [...teams].filter((team) => !base.has(team));
  await Promise.all(sides.flatMap((side) => added.map((team) => load(side, team))));
  return result;
}

const SIDE_NAMES: Record<Side, string> = {
  base: "base version",
  head: "version in this pull request",
  merge: "version in GitHub's test merge",
};

const ABSENT = "could not be read from GitHub";

/**
 * Untrusted text, read as the validator reads it (load/version-data.ts), so ownership never sees a
 * record differently; anything refused lists nobody, and says why: a new version that cannot be
 * judged must never pass as one that links nothing.
 */
function recordData(path: string, text: string | undefined): { data?: unknown; problem?: string } {
  return text === undefined ? { problem: ABSENT } : versionData(path, text);
}
