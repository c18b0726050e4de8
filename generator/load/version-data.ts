import { parseRecord } from "./parse-record.ts";
import { MAX_RECORD_BYTES, overLineLimits } from "./read-record-file.ts";

/**
 * A version of a record that is not its file here (one read from git, or from GitHub for a pull
 * request), read as the loader reads the file: refused unread past the same size and line limits,
 * then parsed as every record is (parse-record.ts: YAML 1.2, no tags, aliases or deep nesting, a
 * mapping). So no version is read differently, or read at all, where a build would have refused
 * the file. `data` is the record's mapping; `problem` says why there is none.
 */
export function versionData(path: string, text: string): { data: unknown } | { problem: string } {
  if (Buffer.byteLength(text) > MAX_RECORD_BYTES) return { problem: `is over ${MAX_RECORD_BYTES} bytes` };
  const over = overLineLimits(text);
  if (over) return { problem: over };
  // The loader leaves the data undefined for a record with any error.
  const parsed = parseRecord(path, text);
  if (parsed.data !== undefined) return { data: parsed.data };
  const first = parsed.diagnostics[0];
  return { problem: `does not parse${first ? ` (line ${first.line}: ${first.message})` : ""}` };
}
