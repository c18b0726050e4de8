import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { loadRecordFile, type RecordSource } from "../load/load-records.ts";
import type { RecordFile } from "../load/record-file.ts";
import { checkAlone } from "./validate.ts";

/** Milliseconds spent loading (read and parse) and validating (schema), added up by the caller. */
export interface RecordTimes {
  load: number;
  validate: number;
}

/**
 * One record from file to checked data: read, parsed, checked against its schema (defaults filled
 * in), then its document dropped. The same step runs on the main thread or in a worker, for any
 * share of the records, so the results do not depend on how the work was split.
 */
export function checkRecordFile(
  root: string,
  source: RecordSource,
  diagnostics: Diagnostic[],
  times: RecordTimes = { load: 0, validate: 0 },
): RecordFile | undefined {
  const started = performance.now();
  const record = loadRecordFile(root, source, diagnostics);
  const loaded = performance.now();
  times.load += loaded - started;
  if (record === undefined) return undefined;
  diagnostics.push(...checkAlone(record));
  delete record.doc;
  delete record.lines;
  times.validate += performance.now() - loaded;
  return record;
}
