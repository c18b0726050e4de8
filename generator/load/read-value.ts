import { CORE_SCHEMA, load, type LoadOptions } from "js-yaml";
import { MAX_DEPTH } from "./yaml-problems.ts";

/** js-yaml's state as its listener sees it: where it is, and the node it just closed. */
interface ListenerState {
  position: number;
  input: string;
  tag: string | null;
  anchor: string | null;
  kind: string | null;
}

/** Thrown by the listener to stop at the first anchor or tag: the document reader says what it is. */
const DOUBT = Symbol("not plain data");

/**
 * A scalar key another reader would not take for the same text: null, a boolean or a number in
 * YAML 1.2's core schema (`1:`, `true:`, `~:`), empty, what js-yaml makes of a collection key,
 * or a merge key.
 */
const NOT_A_NAME = /^(?:|~|null|true|false|[-+]?[0-9.][\w.+-]*|[-+]?\.inf|\.nan|.*,.*|\[object object\]|<<)$/i;

/**
 * A record's value, read by js-yaml with YAML 1.2's core schema (so `on`, `no` and `2026-12-05`
 * stay strings), or `undefined` when js-yaml refuses the text or cannot vouch for it: anchors,
 * aliases, tags, directives, nesting deeper than records go, keys that are not names, tabs and
 * carriage returns (where YAML readers differ most). Those records are read with the `yaml`
 * package's document API instead (parse-record.ts), which says what is wrong and where; a
 * differential property test holds the two to the same value or the same refusal.
 */
export function readValue(text: string): Record<string, unknown> | undefined {
  if (/[\t\r]|^%/m.test(text)) return undefined;
  const opened: number[] = [];
  const options: LoadOptions & { listener: (event: string, state: ListenerState) => void; maxDepth: number } = {
    schema: CORE_SCHEMA,
    // Counts scalars too, so it doubts a little sooner than the document reader refuses.
    maxDepth: MAX_DEPTH,
    listener(event, state) {
      if (event === "open") return void opened.push(state.position);
      const from = opened.pop()!;
      if (state.anchor !== null) throw DOUBT;
      // js-yaml names the tag it resolved a plain scalar to; a tag written out shows as a `!`.
      if (state.tag !== null && state.tag !== "?")
        if (state.kind !== "scalar" || state.input.slice(from, state.position).includes("!")) throw DOUBT;
    },
  };
  let value: unknown;
  try {
    value = load(text, options);
  } catch {
    return undefined;
  }
  return isMapping(value) && namesOnly(value) ? value : undefined;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every key of every mapping is a name, as a person reading the file would take it. */
function namesOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(namesOnly);
  if (!isMapping(value)) return true;
  for (const key of Object.keys(value)) if (NOT_A_NAME.test(key) || !namesOnly(value[key])) return false;
  return true;
}
