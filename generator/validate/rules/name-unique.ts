import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, type Rule } from "../rule.ts";

/**
 * A name as a person compares it: letter case, accents, spaces and punctuation folded away, so
 * "Bolt Brigade", "bolt-brigade" and "Bölt  Brigade!" are one name. Empty when nothing is left.
 */
export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Two teams with one name, or two projects with one title, publish two cards a visitor cannot
 * tell apart, and let a newcomer pass for a team that exists. Each record after the first (by
 * file) with a name another has is an error naming that file.
 */
export const nameUnique: Rule = {
  name: "name-unique",
  description: "No two teams share a name, and no two projects a title, compared as a person would.",
  check({ teams, projects }) {
    return [...repeats(teams, "name", "team"), ...repeats(projects, "title", "project")];
  },
};

function repeats(records: readonly RecordFile[], key: "name" | "title", kind: string): Diagnostic[] {
  const first = new Map<string, RecordFile>();
  const found: Diagnostic[] = [];
  for (const record of [...records].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const name = field(record, key);
    if (typeof name !== "string") continue;
    const folded = foldedOf(record, name);
    const other = folded === "" ? undefined : first.get(folded);
    if (!other) {
      if (folded !== "") first.set(folded, record);
      continue;
    }
    const theirs = JSON.stringify(field(other, key));
    found.push(
      at(record, [key], {
        severity: "error",
        rule: "name-unique",
        message: `${key} must differ from every other ${kind}'s (found ${JSON.stringify(name)}; ${other.file} has ${theirs})`,
        expected: `a ${key} no other ${kind} has`,
        found: `${JSON.stringify(name)}, as ${other.file} has ${theirs}`,
        fix: `Choose a ${key} of your own (such as ${JSON.stringify(`${name} ${record.slug}`)}); if ${other.file} is yours, edit that file instead of adding another.`,
      }),
    );
  }
  return found;
}

/**
 * Each record's folded name, kept with the record: a record is never changed once read, and
 * `npm run dev` hands unchanged ones to the next build as the same objects, so a save folds only
 * the names it changed (folding 20,000 was 30 ms of each save).
 */
const folded = new WeakMap<RecordFile, string>();

function foldedOf(record: RecordFile, name: string): string {
  let known = folded.get(record);
  if (known === undefined) folded.set(record, (known = foldName(name)));
  return known;
}
