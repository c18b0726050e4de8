import { kept, keepingDerivedValues, type Kept } from "../../derive/kept.ts";
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
  // The same entries as last time give the very same string, which the writer compares at no cost.
  const last = lists.get(data[0]!);
  if (last && last.envelope === envelope && sameItems(last.data, data)) return last.text;
  const items: string[] = new Array<string>(data.length);
  for (let i = 0; i < data.length; i++) {
    const entry = data[i]!;
    // Serialised where it sits in a list (two levels down), then cut out: indented as in the
    // whole document, and one flat string (a replace would leave a rope, slow to join).
    const text = kept(entries, entry, [], () =>
      JSON.stringify([[entry]], null, 2).slice(NESTED_OPEN.length, -NESTED_CLOSE.length),
    );
    items[i] = text;
  }
  const empty = '"data": []\n}\n';
  const text = `${envelope.slice(0, -empty.length)}"data": [${ENTRY_INDENT}${items.join(`,${ENTRY_INDENT}`)}\n  ]\n}\n`;
  if (keepingDerivedValues()) lists.set(data[0]!, { envelope, data: [...data], text });
  return text;
}

/** The last list made, by its first entry (teams.json and projects.json never share one). */
const lists = new WeakMap<object, { envelope: string; data: readonly object[]; text: string }>();

function sameItems(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
