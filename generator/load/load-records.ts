import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { realFolder } from "./real-folder.ts";
import type { RecordFile, RecordKind } from "./record-file.ts";

export interface LoadedRecords {
  event?: RecordFile;
  teams: RecordFile[];
  projects: RecordFile[];
  diagnostics: Diagnostic[];
}

export const RECORDS_DIR = "records";
export const EVENT_FILE = `${RECORDS_DIR}/event.yaml`;
const FOLDERS: ReadonlyArray<[RecordKind, string]> = [
  ["team", `${RECORDS_DIR}/teams`],
  ["project", `${RECORDS_DIR}/projects`],
];
const RECORD_EXTENSION = /\.ya?ml$/;

export interface RecordSource {
  kind: RecordKind;
  file: string;
}

/** Which record files there are: the event, then teams and projects in name order. */
export async function listRecordFiles(
  root: string,
): Promise<{ sources: RecordSource[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const records = realFolder(root, RECORDS_DIR);
  if (typeof records === "object") return { sources: [], diagnostics: [records] };
  const sources: RecordSource[] = [{ kind: "event", file: EVENT_FILE }];
  for (const [kind, folder] of FOLDERS)
    for (const name of await listFolder(root, folder, diagnostics))
      sources.push({ kind, file: `${folder}/${name}` });
  return { sources, diagnostics };
}

/** Sorts loaded records into the event, teams and projects. */
export function groupRecords(records: Iterable<RecordFile>, diagnostics: Diagnostic[]): LoadedRecords {
  const loaded: LoadedRecords = { teams: [], projects: [], diagnostics };
  for (const record of records) {
    if (record.kind === "event") loaded.event = record;
    else (record.kind === "team" ? loaded.teams : loaded.projects).push(record);
  }
  return loaded;
}

async function listFolder(root: string, folder: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const state = realFolder(root, folder);
  if (state === "missing") return [];
  if (state !== "folder") {
    diagnostics.push(state);
    return [];
  }
  const names = await readdir(join(root, folder));
  const records: string[] = [];
  for (const name of names.sort()) {
    if (RECORD_EXTENSION.test(name)) records.push(name);
    else if (name !== ".gitkeep" && name !== "README.md")
      diagnostics.push({
        file: `${folder}/${name}`,
        line: 1,
        column: 1,
        severity: "warning",
        rule: "not-a-record",
        message: `files in ${folder}/ should be records ending in .yaml (found "${name}", which is ignored)`,
        expected: "a .yaml file",
        found: JSON.stringify(name),
        fix: "Rename it to <slug>.yaml or move it out of the records folder.",
      });
  }
  return records;
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
