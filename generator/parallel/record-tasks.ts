import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordSource } from "../load/load-records.ts";
import { withPlainEnv } from "../load/plain-env.ts";
import type { RecordFile } from "../load/record-file.ts";
import { checkRecordFile, type RecordTimes } from "../validate/check-record.ts";

/**
 * Checking records as a task of plain data: the main thread runs it itself, and a worker runs the
 * same function on the chunks it takes, so the output does not depend on who did what.
 */
export interface RecordsDone {
  records: RecordFile[];
  diagnostics: Diagnostic[];
  times: RecordTimes;
}

export function checkRecords(root: string, sources: readonly RecordSource[]): RecordsDone {
  const diagnostics: Diagnostic[] = [];
  const times = { load: 0, validate: 0 };
  const records = withPlainEnv(() =>
    sources.flatMap((source) => checkRecordFile(root, source, diagnostics, times) ?? []),
  );
  return { records, diagnostics, times };
}
