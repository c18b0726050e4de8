import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Asset } from "../load/list-assets.ts";
import type { HandbookSource } from "../load/load-handbook.ts";
import type { LoadedRecords } from "../load/load-records.ts";
import type { RecordFile } from "../load/record-file.ts";
import { recordFolderError } from "../load/misplaced-records.ts";
import { ENTRY_FOLDERS, kindByFields } from "../record-layout.ts";
import { recordRules, rules } from "./rules/index.ts";
import type { RuleContext } from "./rule.ts";
import { schemaDiagnostics, SCHEMA_VALUE_RULES } from "./schema-diagnostics.ts";

export interface Validation {
  /** Every problem, sorted by file and position. */
  diagnostics: Diagnostic[];
  ok: boolean;
}

/**
 * What can be checked of one record alone: its schema (filling defaults in place) and the record
 * rules. The build does this as each record is read; the record is marked so it is done once.
 */
export function checkAlone(record: RecordFile): Diagnostic[] {
  // A team in the projects' folder (or the other way round) is told as such, not as ten field errors.
  const folder = wrongFolder(record);
  if (folder) return [folder];
  const schema = record.data === undefined ? [] : schemaDiagnostics(record);
  const at = (d: Diagnostic) => `${d.line}:${d.column}`;
  const own: Diagnostic[] = [];
  const restated = new Set<string>();
  for (const rule of recordRules) {
    const told = rule.checkRecord(record);
    own.push(...told);
    // One mistake, one error: such a rule's exact words stand in for the schema's at that value.
    if (rule.restatesSchema) for (const d of told) restated.add(at(d));
  }
  record.checked = true;
  return [...(restated.size ? schema.filter((d) => !restated.has(at(d))) : schema), ...own];
}

/**
 * Checks each record not yet checked alone, then every cross-record rule.
 * It collects, never throws: all problems of one run come back together.
 */
export function validate(
  loaded: LoadedRecords,
  site: {
    assets: readonly Asset[];
    handbook: readonly HandbookSource[];
    strays: readonly string[];
    forms?: ReadonlyMap<string, string>;
    reserved: RuleContext["reserved"];
  },
  earlier: readonly Diagnostic[] = [],
): Validation {
  const diagnostics = [...earlier];
  const records: RecordFile[] = [
    ...(loaded.event ? [loaded.event] : []),
    ...loaded.teams,
    ...loaded.projects,
  ];
  for (const record of records) if (!record.checked) diagnostics.push(...checkAlone(record));
  const context = { ...loaded, ...site, assets: new Set(site.assets.map((asset) => asset.path)) };
  const restated = new Set<string>();
  for (const rule of rules) {
    const told = rule.check(context);
    diagnostics.push(...told);
    if (rule.restatesSchema) for (const d of told) restated.add(`${d.file}:${d.line}:${d.column}`);
  }
  // One mistake, one error (as in checkAlone): `track: Hardware` is told by the track rule alone.
  const kept = restated.size
    ? diagnostics.filter(
        (d) => !SCHEMA_VALUE_RULES.has(d.rule) || !restated.has(`${d.file}:${d.line}:${d.column}`),
      )
    : diagnostics;
  return { diagnostics: sortDiagnostics(kept), ok: !hasErrors(kept) };
}

function wrongFolder({ kind, file, data }: RecordFile): Diagnostic | undefined {
  if (kind === "event" || !data || typeof data !== "object" || Array.isArray(data)) return undefined;
  const actual = kindByFields(Object.keys(data));
  if (!actual || actual === kind) return undefined;
  const found = `a ${actual} record in ${ENTRY_FOLDERS[kind]}/`;
  return recordFolderError(file, actual, found, `a ${kind} record, or the file in ${ENTRY_FOLDERS[actual]}/`);
}
