import { locateIn, type Position } from "../load/places.ts";
import type { RecordFile } from "../load/record-file.ts";

export type { Position };

/**
 * Finds where a value sits in its record, by path segments (`["team", "0", "github"]`), from the
 * places its one read kept. `at: "key"` points at the key instead of the value. Falls back to the
 * nearest existing parent.
 */
export function locate(
  record: RecordFile,
  segments: readonly string[],
  at: "value" | "key" = "value",
): Position {
  return locateIn(record.places, record.data, segments, at);
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
