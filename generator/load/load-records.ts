import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { namesIn, unreadableNameDiagnostic } from "./list-tree.ts";
import { misplacedRecords } from "./misplaced-records.ts";
import { realFolder } from "./real-folder.ts";
import { ENTRY_FOLDERS, EVENT_FILE, RECORDS_DIR, type RecordKind } from "../record-layout.ts";
import type { RecordFile } from "./record-file.ts";

export interface LoadedRecords {
  event?: RecordFile;
  teams: RecordFile[];
  projects: RecordFile[];
}

/** A record is `<slug>.yaml`; any other name in a record folder is a stray (see not-a-record.ts). */
const RECORD_EXTENSION = /\.yaml$/;

export interface RecordSource {
  kind: RecordKind;
  file: string;
}

/**
 * Which record files there are: the event, then teams and projects in name order. `strays` are the
 * other files in the record folders (a README or a .gitkeep aside), for the not-a-record rule.
 */
export async function listRecordFiles(
  root: string,
): Promise<{ sources: RecordSource[]; strays: string[]; diagnostics: Diagnostic[] }> {
  const found = { sources: [] as RecordSource[], strays: [] as string[], diagnostics: [] as Diagnostic[] };
  const records = realFolder(root, RECORDS_DIR);
  if (typeof records === "object") return { ...found, diagnostics: [records] };
  found.sources.push({ kind: "event", file: EVENT_FILE });
  found.diagnostics.push(...(await misplacedRecords(root)));
  for (const [kind, folder] of Object.entries(ENTRY_FOLDERS) as Array<[RecordKind, string]>) {
    const state = realFolder(root, folder);
    if (state === "missing") continue;
    if (state !== "folder") {
      found.diagnostics.push(state);
      continue;
    }
    // Read as bytes: a name that is not UTF-8 is an error here, not a record that cannot be opened.
    const listed = namesIn(join(root, folder));
    found.diagnostics.push(...listed.unreadable.map((name) => unreadableNameDiagnostic(root, name)));
    for (const name of listed.entries.map((e) => e.name).sort()) {
      if (RECORD_EXTENSION.test(name)) found.sources.push({ kind, file: `${folder}/${name}` });
      else if (name !== ".gitkeep" && name !== "README.md") found.strays.push(`${folder}/${name}`);
    }
  }
  return found;
}

/** Sorts loaded records into the event, teams and projects. */
export function groupRecords(records: Iterable<RecordFile>): LoadedRecords {
  const loaded: LoadedRecords = { teams: [], projects: [] };
  for (const record of records) {
    if (record.kind === "event") loaded.event = record;
    else (record.kind === "team" ? loaded.teams : loaded.projects).push(record);
  }
  return loaded;
}

/** The file name without its extension. */
export function slugOf(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1).replace(RECORD_EXTENSION, "");
}

/** A listed record file that is gone by the time it is read. */
export function missingFile({ kind, file }: RecordSource): Diagnostic {
  return {
    file,
    line: 1,
    column: 1,
    severity: "error",
    rule: "missing-file",
    message: `${file} must exist (found no such file)`,
    expected: "the file",
    found: "no such file",
    fix: kind === "event" ? "Create records/event.yaml; see README.md for its fields." : "Restore the file.",
  };
}
