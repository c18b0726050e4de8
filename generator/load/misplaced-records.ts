import type { Dirent } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { namesIn, unreadableNameDiagnostic } from "./list-tree.ts";
import {
  ENTRY_FOLDERS,
  EVENT_FILE,
  kindByFields,
  RECORDS_DIR,
  SCHEMAS_DIR,
  type EntryKind,
} from "../record-layout.ts";

const RECORD = /\.ya?ml$/;
/** Where records are read from; anything else under records/ that looks like one is not read. */
const READ = new Set([EVENT_FILE, EVENT_FILE.replace(/\.yaml$/, ".yml")]);
const FOLDERS = new Set([...Object.values(ENTRY_FOLDERS), SCHEMAS_DIR]);

/**
 * A YAML file under records/ outside records/teams/ and records/projects/ (`records/team/x.yaml`,
 * `records/x.yaml`) would be ignored while its author believes it submitted: an error that names
 * the folder it belongs in, told by its fields (or its folder's name).
 */
export async function misplacedRecords(root: string): Promise<Diagnostic[]> {
  const found: Diagnostic[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    // Read as bytes: a name that is not UTF-8 anywhere under records/ is an error (list-tree.ts).
    let entries: Dirent[];
    try {
      const listed = namesIn(join(root, folder));
      found.push(...listed.unreadable.map((name) => unreadableNameDiagnostic(root, name)));
      entries = listed.entries;
    } catch {
      entries = [];
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = `${folder}/${entry.name}`;
      // Links are never followed (real-folder.ts says why); the record folders are listed elsewhere.
      if (entry.isDirectory() && !FOLDERS.has(file) && depth < 4) await walk(file, depth + 1);
      else if (entry.isFile() && RECORD.test(entry.name) && !READ.has(file))
        found.push(await misplaced(root, file));
    }
  };
  await walk(RECORDS_DIR, 0);
  return found;
}

async function misplaced(root: string, file: string): Promise<Diagnostic> {
  return recordFolderError(
    file,
    await kindOf(root, file),
    `${file.slice(0, file.lastIndexOf("/") + 1)}, which is not read`,
  );
}

/**
 * The record-folder error, for a file outside the record folders and for a record in the other
 * kind's folder alike: where a record of `kind` (or of either kind) belongs, and the move.
 */
export function recordFolderError(
  file: string,
  kind: EntryKind | undefined,
  found: string,
  expected?: string,
): Diagnostic {
  const name = file.slice(file.lastIndexOf("/") + 1).replace(/\.yml$/, ".yaml");
  const where = kind ? `${ENTRY_FOLDERS[kind]}/` : `${ENTRY_FOLDERS.team}/ or ${ENTRY_FOLDERS.project}/`;
  return {
    file,
    line: 1,
    column: 1,
    severity: "error",
    rule: "record-folder",
    message: `${kind ? `a ${kind} record` : "a record"} must be in ${where} (found ${found})`,
    expected: expected ?? `a file in ${where}`,
    found,
    fix: kind
      ? `Move it to ${ENTRY_FOLDERS[kind]}/${name}.`
      : `Move it to ${ENTRY_FOLDERS.team}/${name} if it is a team, or ${ENTRY_FOLDERS.project}/${name} if it is a project.`,
  };
}

/** A team or a project, by its first fields; failing that, by its folder's name. */
async function kindOf(root: string, file: string): Promise<EntryKind | undefined> {
  const handle = await open(join(root, file), "r").catch(() => undefined);
  const head = handle ? (await handle.read(Buffer.alloc(16_384), 0, 16_384, 0)).buffer.toString("utf8") : "";
  await handle?.close();
  const kind = kindByFields([...head.matchAll(/^([A-Za-z]+):/gm)].map((m) => m[1]!));
  if (kind) return kind;
  const folder = file.slice(0, file.lastIndexOf("/"));
  if (/team/i.test(folder)) return "team";
  if (/project/i.test(folder)) return "project";
  return undefined;
}
