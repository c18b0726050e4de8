import { isMap, isSeq, type Node } from "yaml";
import { parseRecordDocument } from "./parse-record.ts";
import { readValue } from "./read-value.ts";

/**
 * Where a record's values sit, worked out from its text only when a problem points into it (most
 * records have none). Every node in document order (a mapping's key, then its value) has three
 * numbers: its line, its column, and how many nodes its subtree holds (itself included), so a
 * lookup can step over a sibling's subtree.
 */
export type Places = number[];

/**
 * The places of a record that reads as plain data: as js-yaml reads it (read-value.ts), or by the
 * `yaml` package's document API for a record js-yaml doubts.
 */
export function placesOfText(text: string): Places | undefined {
  const offsets: number[] = [];
  if (readValue(text, offsets) !== undefined) return placesOf(text, offsets);
  const read = parseRecordDocument("", text);
  return read.data === undefined ? undefined : placesOf(text, documentOffsets(read.doc.contents));
}

/**
 * Nodes as [offset, size] pairs, in document order, from a parsed document's nodes. A value with no
 * place of its own (an empty `key:`) takes its key's place, as it did before.
 */
export function documentOffsets(root: unknown, out: number[] = [], fallback = 0): number[] {
  const index = out.length;
  out.push((root as Node | null)?.range?.[0] ?? fallback, 1);
  if (isMap(root))
    for (const pair of root.items) {
      const key = (pair.key as Node | null)?.range?.[0] ?? out[index]!;
      documentOffsets(pair.key, out, key);
      documentOffsets(pair.value, out, key);
    }
  else if (isSeq(root)) for (const item of root.items) documentOffsets(item, out, out[index]!);
  out[index + 1] = (out.length - index) / 2;
  return out;
}

/** [offset, size] pairs made [line, column, size] triples, lines and columns counted from 1. */
export function placesOf(text: string, offsets: readonly number[]): Places {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  const places: Places = new Array<number>((offsets.length / 2) * 3);
  for (let i = 0, p = 0; i < offsets.length; i += 2, p += 3) {
    const offset = offsets[i]!;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    places[p] = low + 1;
    places[p + 1] = offset - starts[low]! + 1;
    places[p + 2] = offsets[i + 1]!;
  }
  return places;
}

export interface Position {
  line: number;
  column: number;
}

/** Integer-like keys come first in a JavaScript object, whatever their order in the file. */
const INTEGER_KEY = /^(0|[1-9]\d*)$/;

/**
 * Where a value sits, by path segments (`["team", "0", "github"]`); `at: "key"` points at the last
 * segment's key. Falls back to the nearest parent found. `data` is the record's value, whose keys
 * keep the file's order; keys the schema's defaults added come after them and have no place.
 */
export function locateIn(
  places: Places | undefined,
  data: unknown,
  segments: readonly string[],
  at: "value" | "key" = "value",
): Position {
  if (!places || places.length < 3) return { line: 1, column: 1 };
  const size = (node: number) => places[node * 3 + 2] ?? 1;
  let node = 0;
  let found = 0;
  let value = data;
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s]!;
    const end = node + size(node);
    let child = -1;
    let key = -1;
    let next: unknown;
    if (Array.isArray(value)) {
      const wanted = Number(segment);
      let item = node + 1;
      for (let i = 0; i < wanted && item < end; i++) item += size(item);
      if (Number.isInteger(wanted) && wanted < value.length && item < end)
        [child, next] = [item, value[wanted]];
    } else if (value && typeof value === "object") {
      const names = Object.keys(value);
      if (names.length > 0 && INTEGER_KEY.test(names[0]!)) break;
      for (let i = 0, pair = node + 1; i < names.length && pair + 1 < end; i++) {
        if (names[i] === segment) {
          [key, child, next] = [pair, pair + 1, (value as Record<string, unknown>)[segment]];
          break;
        }
        pair += 1 + size(pair + 1);
      }
    }
    if (child < 0) break;
    found = at === "key" && s === segments.length - 1 ? key : child;
    [node, value] = [child, next];
  }
  return { line: places[found * 3]!, column: places[found * 3 + 1]! };
}
