import type { Model } from "../../derive/model.ts";
import { json, partsOutput, type Output } from "../document.ts";
import { meta } from "./meta.ts";

const ENTRY_INDENT = "\n    ";
const NESTED_OPEN = "[\n  [\n    ";
const NESTED_CLOSE = "\n  ]\n]";

/**
 * The contract's list envelope as JSON, in parts: byte for byte `json({ object, count, ..., data })`
 * once joined, but made of each entry's JSON one at a time, so a build writes a 20 MB list without
 * ever holding it.
 */
export function listJson(path: string, model: Model, data: readonly object[]): Output {
  return partsOutput(path, () => listParts(model, data));
}

function* listParts(model: Model, data: readonly object[]): Generator<string> {
  const envelope = json({ object: "list", count: data.length, ...meta(model), data: [] });
  if (data.length === 0) {
    yield envelope;
    return;
  }
  const empty = '"data": []\n}\n';
  yield `${envelope.slice(0, -empty.length)}"data": [`;
  for (let i = 0; i < data.length; i++) {
    // Each entry is serialised where it sits in a list (two levels down), then cut out: indented
    // as in the whole document.
    const entry = JSON.stringify([[data[i]]], null, 2).slice(NESTED_OPEN.length, -NESTED_CLOSE.length);
    yield i === 0 ? ENTRY_INDENT : `,${ENTRY_INDENT}`;
    yield entry;
  }
  yield "\n  ]\n}\n";
}
