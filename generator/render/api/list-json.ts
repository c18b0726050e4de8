import { randomBytes } from "node:crypto";
import type { Model } from "../../derive/model.ts";
import { fromView, json, parts, type Output } from "../shared/document.ts";
import { meta } from "./meta.ts";
import { keptFromEarlierBuild } from "../../derive/published-entry.ts";
import { keptKey } from "../shared/kept-key.ts";

const texts = new WeakMap<object, string>();

/** An entry as inside the list, indented; kept with an entry an earlier build made (npm run dev). */
function entryText(item: object): string {
  let text = texts.get(item);
  if (text === undefined) {
    // Split and joined, not `replaceAll`: V8 leaves its result a rope of a piece per line, which
    // every later join flattens again (0.1 s per list of 10,000).
    text = JSON.stringify(item, null, 2).split("\n").join("\n    ");
    if (keptFromEarlierBuild(item)) texts.set(item, text);
  }
  return text;
}

/** This process's mark, so a list's mark never names another process's text. */
const PROCESS = randomBytes(8).toString("hex");
let marks = 0;
/** Each list's head and entries as this process last rendered them (npm run dev), and their mark, by kept-key.ts's key. */
const last = new Map<string, { head: string; data: readonly object[]; mark: string }>();

/**
 * A mark for the list's text: the same as the last build's when its head and every entry are the
 * same (entries kept from an earlier build, never changed once made: published-entry.ts), so the
 * writer keeps the file unread (a dev save that changed a project compared the 10 MB team list).
 */
function markOf(key: string, head: string, data: readonly object[]): string {
  const known = last.get(key);
  if (known?.head === head && known.data.length === data.length && data.every((d, i) => d === known.data[i]))
    return known.mark;
  const mark = `${PROCESS}-${++marks}`;
  // Only entries an earlier build made can come again: `npm run build` keeps nothing.
  if (data.some(keptFromEarlierBuild)) last.set(key, { head, data, mark });
  else last.delete(key);
  return mark;
}

/**
 * The contract's list envelope as JSON, byte for byte what `json` would write, in parts: the
 * envelope, then the entries one at a time (each indented as inside the list), then the close.
 */
export function listJson(path: string, model: Model, data: readonly object[]): Output {
  const envelope = json({ object: "list", count: data.length, ...meta(model), data: [] });
  if (data.length === 0) return { path, body: envelope };
  const head = `${envelope.slice(0, -"[]\n}\n".length)}[\n`;
  // Each entry's kept text goes to the writer as it is, never joined with its neighbours: the writer
  // encodes parts straight into its buffer (write-in-parts.ts), and a joined text is a rope that it
  // would flatten and copy again (0.1 s a save at 10,000 + 10,000).
  function* entries() {
    for (let i = 0; i < data.length; i++) {
      yield i ? ",\n    " : "    ";
      yield entryText(data[i]!);
    }
  }
  return fromView(path, { mark: markOf(keptKey(model, path), head, data) }, () =>
    parts(head, entries, "\n  ]\n}\n"),
  );
}
