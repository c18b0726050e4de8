import { parseRecord } from "../load/parse-record.ts";
import { MAX_RECORD_BYTES } from "../load/read-record-file.ts";
import { EVENT_FILE, entryKindOf } from "../record-layout.ts";
import type { ChangedFile } from "./changed-file.ts";
import { linkedTeamFile, organisersOf } from "./record-people.ts";

/** The text of a file at the base or head commit; undefined when it does not exist there. */
export type ReadFile = (side: "base" | "head", path: string) => Promise<string | undefined>;

export interface RecordVersions {
  /** Parsed records by path; only the ones a decision needs. */
  base: ReadonlyMap<string, unknown>;
  head: ReadonlyMap<string, unknown>;
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
 * organiser (who may change anything), the base and head versions of every touched team or
 * project record, and the teams those projects link to.
 */
export async function gatherRecords(
  files: readonly ChangedFile[],
  read: ReadFile,
  author = "",
): Promise<RecordVersions> {
  const base = new Map<string, unknown>();
  const head = new Map<string, unknown>();
  const load = async (side: "base" | "head", path: string) => {
    const into = side === "base" ? base : head;
    if (into.has(path)) return;
    const text = await read(side, path);
    if (text !== undefined) into.set(path, recordData(path, text));
  };

  await load("base", EVENT_FILE);
  const organisers = organisersOf(base.get(EVENT_FILE));
  const records = files.filter((f) => entryKindOf(f.path) !== undefined);
  if (organisers.includes(author.toLowerCase())) return { base, head, organisers };
  if (records.length > MAX_RECORD_READS) return { base, head, organisers, unread: records.length };
  await Promise.all([
    ...records.filter((f) => f.status !== "added").map((f) => load("base", f.previousPath ?? f.path)),
    ...records.filter((f) => f.status !== "removed").map((f) => load("head", f.path)),
  ]);

  const teams = new Set<string>();
  for (const data of [...base.values(), ...head.values()]) {
    const team = linkedTeamFile(data);
    if (team !== undefined) teams.add(team);
  }
  await Promise.all([...teams].map((team) => load("base", team)));
  await Promise.all([...teams].filter((team) => !base.has(team)).map((team) => load("head", team)));

  return { base, head, organisers };
}

/**
 * Untrusted text, read as the validator reads it (the same size limit, YAML 1.2, no tags, aliases
 * or deep nesting), so ownership never sees a record differently; anything refused lists nobody.
 */
function recordData(path: string, text: string): unknown {
  if (Buffer.byteLength(text) > MAX_RECORD_BYTES) return undefined;
  // The loader leaves the data undefined for a record with any error.
  return parseRecord(path, text).data;
}
