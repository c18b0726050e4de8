import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { parseRecord } from "./parse-record.ts";
import { readRecordFile } from "./read-record-file.ts";
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

/** Reads `records/event.yaml`, `records/teams/*.yaml` and `records/projects/*.yaml` under `root`. */
export async function loadRecords(root: string): Promise<LoadedRecords> {
  const diagnostics: Diagnostic[] = [];
  const loaded: LoadedRecords = { teams: [], projects: [], diagnostics };

  const event = await loadOne(root, "event", EVENT_FILE, diagnostics);
  if (event) loaded.event = event;

  for (const [kind, folder] of FOLDERS) {
    const names = await listFolder(root, folder, diagnostics);
    const files = await Promise.all(
      names.map((name) => loadOne(root, kind, `${folder}/${name}`, diagnostics)),
    );
    const list = kind === "team" ? loaded.teams : loaded.projects;
    for (const file of files) if (file) list.push(file);
  }
  return loaded;
}

async function listFolder(root: string, folder: string, diagnostics: Diagnostic[]): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
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

async function loadOne(
  root: string,
  kind: RecordKind,
  file: string,
  diagnostics: Diagnostic[],
): Promise<RecordFile | undefined> {
  const slug = file.slice(file.lastIndexOf("/") + 1).replace(RECORD_EXTENSION, "");
  let read;
  try {
    read = await readRecordFile(root, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: "error",
      rule: "missing-file",
      message: `${file} must exist (found no such file)`,
      expected: "the file",
      found: "no such file",
      fix:
        kind === "event" ? "Create records/event.yaml; see README.md for its fields." : "Restore the file.",
    });
    return undefined;
  }
  if (!read.ok) {
    diagnostics.push(read.diagnostic);
    return { kind, file, slug, data: undefined };
  }
  const parsed = parseRecord(file, read.text);
  diagnostics.push(...parsed.diagnostics);
  return { kind, file, slug, data: parsed.data, doc: parsed.doc, lines: parsed.lines };
}
