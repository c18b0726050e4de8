import { FAILSAFE_SCHEMA, load, Type, type LoadOptions, type State } from "js-yaml";
import { Document, isScalar, type ScalarTag } from "yaml";
import { YAML_OPTIONS } from "./yaml-options.ts";
import { MAX_DEPTH } from "./yaml-problems.ts";

const { schema, options: yamlOptions } = new Document(null, YAML_OPTIONS);
/** The `yaml` package's core schema's tags for plain scalars (null, booleans, numbers), in its order. */
const plainTags = schema.tags.filter(
  (tag): tag is ScalarTag & { test: RegExp } => tag.default === true && tag.test instanceof RegExp,
);
const fail = (message: string) => {
  throw new Error(message);
};
const tagOf = (text: string) => plainTags.find((tag) => tag.test.test(text));
/**
 * js-yaml's own core schema differs from YAML 1.2's at the edges (it reads `0b101` as 5), so a
 * plain scalar is typed by the `yaml` package's core schema: one answer to what `1e3` or `~` is.
 */
const RECORD_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type("tag:yaml.org,2002:core", {
      kind: "scalar",
      resolve: (text: string) => tagOf(text) !== undefined,
      construct(text: string): unknown {
        const value: unknown = tagOf(text)!.resolve(text, fail, yamlOptions);
        // Booleans and nulls come wrapped, to remember how they were written.
        return isScalar(value) ? value.value : value;
      },
    }),
  ],
});

/** js-yaml's state as its listener sees it, with the node it just closed (which its types leave out). */
type Closed = State & { tag: string | null; anchor: string | null };

/** Thrown by the listener to stop at the first anchor or tag: the document reader says what it is. */
const DOUBT = Symbol("not plain data");

/**
 * A key js-yaml made from something other than a name: YAML 1.2's null, booleans and numbers as
 * js-yaml writes them out (`~:` is "null", `.nan:` is "NaN", `0x1f:` is "31"), an empty key, a
 * collection (`[a, b]:` is "a,b"), or a merge key. A name that merely looks so is read again.
 */
const NOT_A_NAME = /^(?:|null|true|false|nan|-?infinity|[-+]?[0-9.].*|.*,.*|\[object object\]|<<)$/i;

/**
 * Where js-yaml and YAML 1.2 (the `yaml` package) part ways, read by the document API instead:
 * tabs, carriage returns and byte-order marks; directives and document markers; a line that
 * starts with an explicit key or a flow collection (`? [a]`, `[a]: b`); a list item with nothing
 * on its line (js-yaml lets `-` take the next, less indented item); block scalars with an
 * indentation indicator or that keep trailing lines (`|2`, `|+`); and a comment touching a comma,
 * bracket or colon (`[a,#c`). The listener doubts the rest as js-yaml reads (see `doubtful`).
 */
const DOUBTFUL =
  /[\t\r\ufeff]|^(?:%|---|\.\.\.)|^[ -]*[?[{]|^[ -]*-[ ]*(?:#.*)?$|[|>](?:[-+]?[1-9]|[1-9]?\+)|[,[{:]#/m;

/** Space, line breaks and comments before a node, from `lastIndex` on (tabs and CRs are doubted). */
const LEADING = /(?:[ \n]|#[^\n]*)*/y;
const SPACES = / */y;

/**
 * A record's value, read by js-yaml with YAML 1.2's core schema (so `on`, `no` and `2026-12-05`
 * stay strings, see RECORD_SCHEMA), or `undefined` when js-yaml refuses the text or cannot vouch
 * for it: anchors, aliases, tags, nesting deeper than records go, keys that are not names, and the
 * DOUBTFUL texts. Those records are read with the `yaml` package's document API instead
 * (parse-record.ts), which says what is wrong and where; a differential property test holds the
 * two to the same value or the same refusal.
 *
 * Given `offsets`, it also fills in each node's [offset, size] in document order (a mapping's key,
 * then its value; see places.ts), as the document API's ranges give them, for a record a problem
 * points into: a property test holds the two equal.
 */
export function readValue(text: string, offsets?: number[]): Record<string, unknown> | undefined {
  if (DOUBTFUL.test(text)) return undefined;
  const opened: number[] = [];
  const indexes: number[] = [];
  // js-yaml 4.3 takes `maxDepth`, which its types leave out.
  const options: LoadOptions & { maxDepth: number } = {
    schema: RECORD_SCHEMA,
    // Counts scalars too, so it doubts a little sooner than the document reader refuses.
    maxDepth: MAX_DEPTH,
    listener(event, opening) {
      if (event === "open") {
        opened.push(opening.position);
        if (offsets) indexes.push(offsets.push(opening.position, 1) - 2);
        return;
      }
      const state = opening as Closed;
      const from = opened.pop()!;
      const start = after(LEADING, state.input, from);
      if (offsets) {
        const index = indexes.pop()!;
        // A scalar has no nodes below it: what it holds was a key js-yaml tried and went back on.
        if (state.kind !== "mapping" && state.kind !== "sequence") offsets.length = index + 2;
        // A node with nothing written (`key:`) sits after the spaces behind its colon.
        offsets[index] = state.kind === null ? after(SPACES, state.input, from) : start;
        offsets[index + 1] = (offsets.length - index) / 2;
      }
      if (doubtful(state, start)) throw DOUBT;
    },
  };
  let value: unknown;
  try {
    value = load(text, options);
  } catch {
    return undefined;
  }
  if (!isMapping(value) || !namesOnly(value)) return undefined;
  // Every node once: js-yaml never reported one it went back on.
  return offsets && offsets.length !== 2 * nodes(value) ? undefined : value;
}

/** How many nodes a value is: itself, and each key and value below it. */
function nodes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + nodes(item), 1);
  if (!isMapping(value)) return 1;
  let count = 1;
  for (const key of Object.keys(value)) count += 1 + nodes(value[key]);
  return count;
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

/** Where `pattern` (sticky) stops matching in `input` from `at`. */
function after(pattern: RegExp, input: string, at: number): number {
  pattern.lastIndex = at;
  pattern.exec(input);
  return pattern.lastIndex;
}

/** Whether `input` holds a line break between `from` and `to`. */
function hasBreak(input: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (input.charCodeAt(i) === 0x0a) return true;
  return false;
}

/**
 * A node js-yaml read that YAML 1.2 may read otherwise, from where it is written (`start`) to
 * where js-yaml stopped: an anchor or a tag (`&a`, `!!int`, `!<?>`); a comment touching what
 * closed it (`"a"#c`); a quoted or plain scalar over several lines (js-yaml folds lines YAML 1.2
 * refuses); a block scalar whose first line is blank; a flow collection over several lines (js-yaml
 * reads on after a closing bracket on the next line) or holding a flow collection or an explicit
 * key (`{[github]: x}`, whose key js-yaml makes a string).
 */
function doubtful(state: Closed, start: number): boolean {
  const { input, position: end } = state;
  if (state.anchor !== null || input.charCodeAt(start) === 0x21) return true;
  if (
    input.charCodeAt(end) === 0x23 &&
    input.charCodeAt(end - 1) !== 0x20 &&
    input.charCodeAt(end - 1) !== 0x0a
  )
    return true;
  const first = input.charCodeAt(start);
  if (state.kind === "scalar") {
    if (first !== 0x7c && first !== 0x3e) return hasBreak(input, start, end);
    const header = input.indexOf("\n", start);
    const next = header === -1 ? -1 : input.indexOf("\n", header + 1);
    return header !== -1 && /^ *$/.test(input.slice(header + 1, next === -1 ? input.length : next));
  }
  if (first !== 0x5b && first !== 0x7b) return false;
  if (hasBreak(input, start, end)) return true;
  for (let i = start + 1; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x5b || c === 0x7b || c === 0x3f) return true;
  }
  return false;
}
