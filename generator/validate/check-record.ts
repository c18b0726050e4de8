import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { loadRecordFile, type RecordSource } from "../load/load-records.ts";
import type { RecordFile } from "../load/record-file.ts";
import { schemaDiagnostics } from "./schema-diagnostics.ts";

/**
 * One record from file to checked data: read, parsed, checked against its schema (defaults filled
 * in), then its document dropped. The same step runs on the main thread or in a worker, for any
 * share of the records, so the results do not depend on how the work was split.
 */
export function checkRecordFile(
  root: string,
  source: RecordSource,
  diagnostics: Diagnostic[],
): RecordFile | undefined {
  const record = loadRecordFile(root, source, diagnostics);
  if (record === undefined) return undefined;
  if (record.data !== undefined) diagnostics.push(...schemaDiagnostics(record));
  record.schemaChecked = true;
  delete record.doc;
  delete record.lines;
  return record;
}
