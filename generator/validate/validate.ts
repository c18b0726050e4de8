import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Asset } from "../load/list-assets.ts";
import type { LoadedRecords } from "../load/load-records.ts";
import type { RecordFile } from "../load/record-file.ts";
import { rules } from "./rules/index.ts";
import { schemaDiagnostics } from "./schema-diagnostics.ts";

export interface Validation {
  /** Every problem, sorted by file and position. */
  diagnostics: Diagnostic[];
  ok: boolean;
}

/**
 * Checks every record against its schema (filling defaults in place) and every cross-record rule.
 * It collects, never throws: all problems of one run come back together.
 */
export function validate(
  loaded: LoadedRecords,
  assets: readonly Asset[],
  earlier: readonly Diagnostic[] = [],
): Validation {
  const diagnostics = [...earlier, ...loaded.diagnostics];
  const records: RecordFile[] = [
    ...(loaded.event ? [loaded.event] : []),
    ...loaded.teams,
    ...loaded.projects,
  ];
  for (const record of records)
    if (record.data !== undefined && !record.schemaChecked) diagnostics.push(...schemaDiagnostics(record));
  const context = { ...loaded, assets: new Set(assets.map((asset) => asset.path)) };
  for (const rule of rules) diagnostics.push(...rule.check(context));
  return { diagnostics: sortDiagnostics(diagnostics), ok: !hasErrors(diagnostics) };
}
