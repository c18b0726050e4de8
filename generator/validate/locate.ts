import { isMap, isScalar, isSeq, type Node } from "yaml";
import { parseRecordDocument } from "../load/parse-record.ts";
import { readRecordFile } from "../load/read-record-file.ts";
import type { RecordFile } from "../load/record-file.ts";

export interface Position {
  line: number;
  column: number;
}

/**
 * Finds where a value sits in its record, by path segments (`["team", "0", "github"]`).
 * `at: "key"` points at the key instead of the value. Falls back to the nearest existing parent.
 */
export function locate(
  record: RecordFile,
  segments: readonly string[],
  at: "value" | "key" = "value",
): Position {
  const { doc, lines } = sourceOf(record) ?? {};
  if (!doc || !lines) return { line: 1, column: 1 };
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) break;
      const keyStart = rangeStart(pair.key);
      const valueStart = rangeStart(pair.value);
      offset = (at === "key" && segment === segments.at(-1) ? keyStart : (valueStart ?? keyStart)) ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined) break;
      offset = rangeStart(item) ?? offset;
      node = item;
    } else break;
  }
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

const reparsed = new WeakMap<RecordFile, ReturnType<typeof parseRecordDocument> | undefined>();

/** The record's document: kept from loading, or parsed again from its file when it was dropped. */
function sourceOf(record: RecordFile): Pick<RecordFile, "doc" | "lines"> | undefined {
  if (record.doc) return record;
  if (record.root === undefined) return undefined;
  if (!reparsed.has(record)) {
    const read = readRecordFile(record.root, record.file);
    reparsed.set(record, read.ok ? parseRecordDocument(record.file, read.text) : undefined);
  }
  return reparsed.get(record);
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}

/** `["team", "0", "github"]` → `team[0].github`, the way a person reads a path. */
export function fieldName(segments: readonly string[]): string {
  let name = "";
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) name += `[${segment}]`;
    else name += name ? `.${segment}` : segment;
  }
  return name || "record";
}
