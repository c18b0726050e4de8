import type { CheckedRecord, RecordCache } from "../cache/record-cache.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { missingFile, slugOf, type RecordSource } from "../load/load-records.ts";
import { parseRecord } from "../load/parse-record.ts";
import { readRecordFile } from "../load/read-record-file.ts";
import type { RecordFile } from "../load/record-file.ts";
import { checkAlone } from "./validate.ts";

/**
 * One record from file to checked data: read, parsed, checked against its schema (defaults filled
 * in) and the rules about one record alone. When the cache holds the result for these very bytes,
 * that result is used instead of parsing and checking again.
 */
export function checkRecordFile(
  root: string,
  source: RecordSource,
  diagnostics: Diagnostic[],
  cache?: RecordCache,
): RecordFile | undefined {
  const { kind, file } = source;
  const slug = slugOf(file);
  let read;
  try {
    read = readRecordFile(root, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    diagnostics.push(missingFile(source));
    return undefined;
  }
  if (!read.ok) {
    diagnostics.push(read.diagnostic);
    return { kind, file, slug, data: undefined };
  }
  const key = cache?.key(file, read.bytes);
  let checked: CheckedRecord | undefined = key === undefined ? undefined : cache!.get(key);
  if (!checked) {
    const parsed = parseRecord(file, read.text);
    const record: RecordFile = { kind, file, slug, data: parsed.data, text: read.text };
    checked = {
      data: record.data,
      diagnostics: [...read.warnings, ...parsed.diagnostics, ...checkAlone(record)],
    };
    if (key !== undefined) cache!.set(key, checked);
    diagnostics.push(...checked.diagnostics);
    return Object.assign(record, { modifiedMs: read.modifiedMs, checked: true });
  }
  diagnostics.push(...checked.diagnostics);
  const { data } = checked;
  return { kind, file, slug, data, text: read.text, modifiedMs: read.modifiedMs, checked: true };
}
