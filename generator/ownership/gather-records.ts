import { parse } from "yaml";
import { EVENT_FILE, recordKind, type ChangedFile } from "./changed-file.ts";
import { linkedTeamFile, organisersOf } from "./record-people.ts";

/** The text of a file at the base or head commit; undefined when it does not exist there. */
export type ReadFile = (side: "base" | "head", path: string) => Promise<string | undefined>;

export interface RecordVersions {
  /** Parsed records by path; only the ones a decision needs. */
  base: ReadonlyMap<string, unknown>;
  head: ReadonlyMap<string, unknown>;
  /** From the base branch's `records/event.yaml`, lower case. */
  organisers: readonly string[];
}

/** Records bigger than this are not read for ownership (the validator reports them anyway). */
export const MAX_RECORD_BYTES = 256 * 1024;

/**
 * Reads what deciding ownership needs: the base event (organisers), the base and head versions
 * of every touched team or project record, and the teams those projects link to.
 */
export async function gatherRecords(files: readonly ChangedFile[], read: ReadFile): Promise<RecordVersions> {
  const base = new Map<string, unknown>();
  const head = new Map<string, unknown>();
  const load = async (side: "base" | "head", path: string) => {
    const into = side === "base" ? base : head;
    if (into.has(path)) return;
    const text = await read(side, path);
    if (text !== undefined) into.set(path, parseRecord(text));
  };

  const records = files.filter((f) => recordKind(f.path) !== undefined);
  await Promise.all([
    load("base", EVENT_FILE),
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

  return { base, head, organisers: organisersOf(base.get(EVENT_FILE)) };
}

/** Untrusted text: size-capped, alias-capped, and anything unparsable counts as listing nobody. */
function parseRecord(text: string): unknown {
  if (Buffer.byteLength(text) > MAX_RECORD_BYTES) return undefined;
  try {
    return parse(text, { maxAliasCount: 100, prettyErrors: false }) as unknown;
  } catch {
    return undefined;
  }
}
