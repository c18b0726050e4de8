import { locateIn, placesOfText, type Places, type Position } from "../load/places.ts";
import type { RecordFile } from "../load/record-file.ts";

export type { Position };

/** Each record's places, worked out the first time a problem points into it. */
const known = new WeakMap<RecordFile, Places | undefined>();

/**
 * Finds where a value sits in its record, by path segments (`["team", "0", "github"]`), from its
 * text. `at: "key"` points at the key instead of the value. Falls back to the nearest existing
 * parent, and to the first line when the record has no text.
 */
export function locate(
  record: RecordFile,
  segments: readonly string[],
  at: "value" | "key" = "value",
): Position {
  if (!known.has(record))
    known.set(record, record.text === undefined ? undefined : placesOfText(record.text));
  return locateIn(known.get(record), record.data, segments, at);
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
