import { kept, type Kept } from "../../derive/kept.ts";
import type { Model } from "../../derive/model.ts";
import { json } from "../document.ts";
import { meta } from "./meta.ts";

/** Each entry's JSON, indented for its place in a list, kept while the entry lives. */
const entries: Kept<string> = new WeakMap();
const ENTRY_INDENT = "\n    ";
const NESTED_OPEN = "[\n  [\n    ";
const NESTED_CLOSE = "\n  ]\n]";

/**
 * The contract's list envelope as JSON: byte for byte `json({ object, count, ..., data })`, but
 * made of each entry's JSON kept from the last time. `npm run dev` reuses the entries of records
 * that did not change (see derive/derive-model.ts), so after one change it serialises one entry,
 * not 10,000. Entries are never changed once derived, which is what makes keeping them safe.
 */
export function listJson(model: Model, data: readonly object[]): string {
  const envelope = json({ object: "list", count: data.length, ...meta(model), data: [] });
  if (data.length === 0) return envelope;
  // Each entry is serialised where it sits in a list (two levels down), then cut out: indented as
  // in the whole document, and one flat string (a replace would leave a rope, slow to join).
  const items = data.map((entry) =>
    kept(entries, entry, [], () =>
      JSON.stringify([[entry]], null, 2).slice(NESTED_OPEN.length, -NESTED_CLOSE.length),
    ),
  );
  const empty = '"data": []\n}\n';
  return `${envelope.slice(0, -empty.length)}"data": [${ENTRY_INDENT}${items.join(`,${ENTRY_INDENT}`)}\n  ]\n}\n`;
}
