import { CST, Document, isScalar, Lexer, type ScalarTag } from "yaml";
import { YAML_OPTIONS } from "./yaml-options.ts";

/**
 * The everyday shape of a record, read from the `yaml` package's own lexer in a fraction of the
 * time its document API takes: block mappings and sequences, one-line scalars, `[]`, `{}`, flow
 * lists of one-line scalars, and block scalars (`|`, `>`) at the top level. The package itself
 * cuts the tokens, resolves every scalar (`CST.resolveAsScalar`) and types plain ones (its core
 * schema's own tags), so the one YAML parser still decides what each value is; this module only
 * follows the indentation. Anything else, or anything it doubts, answers `undefined`, and the
 * caller parses the record with the full document API, which also reports every problem. A
 * property test holds the two to the same value and the same places (see places.ts) on every text
 * this module accepts.
 */
export function simpleYaml(text: string): { value: Record<string, unknown>; offsets: number[] } | undefined {
  // Carriage returns and tabs are where YAML readers differ most; the full parser takes those.
  if (text.includes("\r") || text.includes("\t")) return undefined;
  try {
    return new SimpleReader(text).read();
  } catch (error) {
    if (error === DOUBT) return undefined;
    throw error;
  }
}

/** Thrown inside the reader when the text leaves the simple shape. */
const DOUBT = Symbol("not simple YAML");
function doubt(): never {
  throw DOUBT;
}

const { schema, options } = new Document(null, YAML_OPTIONS);
/** The core schema's tags for plain scalars (null, booleans, numbers), in the schema's order. */
const plainTags = schema.tags.filter(
  (tag): tag is ScalarTag & { test: RegExp } => tag.default === true && tag.test instanceof RegExp,
);
/**
 * Whether any of those tags could claim a text, in one regular expression instead of eight: most
 * values are words, which every tag refuses. Only when the tags' patterns have no flags can they be
 * joined so; otherwise every text is tried tag by tag.
 */
const anyPlainTag = plainTags.every((tag) => tag.test.flags === "")
  ? new RegExp(plainTags.map((tag) => `(?:${tag.test.source})`).join("|"))
  : { test: () => true };
/** Keys are a few words repeated in every record: whether each is a plain text key, remembered. */
const textKeys = new Map<string, boolean>();
const MAX_KEYS_REMEMBERED = 1000;
const SCALAR_MARK = "\x1f";
const DOC_MARK = "\x02";
/** Keys with a special meaning to JavaScript or to YAML 1.1, left to the full parser. */
const SPECIAL_KEYS = new Set(["__proto__", "<<"]);
/** Deeper than any record goes; the full parser reports real depth problems. */
const MAX_SIMPLE_DEPTH = 8;
const BLOCK_HEADERS = new Set(["|", "|-", ">", ">-"]);
const NOTHING = Symbol("no value on this line");

/** `place`: where the container's [offset, size] pair is in `offsets` (see places.ts). */
type Container =
  | { kind: "map"; column: number; place: number; value: Record<string, unknown>; pending?: Pending }
  | { kind: "seq"; column: number; place: number; value: unknown[] };

/** A key whose value is on the lines below, and where an empty value would sit. */
interface Pending {
  key: string;
  at: number;
}

class SimpleReader {
  private readonly tokens: string[];
  private at = 0;
  /** Offset in the text of the token at `at` (the lexer's marks take no room in the text). */
  private offset = 0;
  private lineStart = 0;
  private readonly stack: Container[] = [];
  /** Each node's [offset, size], in document order. */
  private readonly offsets: number[] = [];
  /** Where the line ended when `inlineValue` found no value. */
  private emptyAt = 0;

  constructor(text: string) {
    this.tokens = Array.from(new Lexer().lex(text));
  }

  read(): { value: Record<string, unknown>; offsets: number[] } | undefined {
    let seenDoc = false;
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      if (token === DOC_MARK) {
        if (seenDoc) doubt();
        seenDoc = true;
        this.at++;
      } else if (token === "\n") {
        this.skip();
        this.lineStart = this.offset;
      } else if (token[0] === "#" || token[0] === " ") this.skip();
      else {
        const column = this.offset - this.lineStart;
        if (token === "-") this.seqItem(column);
        else this.mapEntry(column);
      }
    }
    this.settlePending();
    const root = this.stack[0];
    while (this.stack.length > 0) this.close(this.stack.pop()!.place);
    return root?.kind === "map" ? { value: root.value, offsets: this.offsets } : undefined;
  }

  /** A node starting at `offset`; returns where its pair is. */
  private node(offset: number): number {
    this.offsets.push(offset, 1);
    return this.offsets.length - 2;
  }

  /** A node's size (its subtree's nodes) is known once nothing more can be added to it. */
  private close(place: number): void {
    this.offsets[place + 1] = (this.offsets.length - place) / 2;
  }

  /** `key:` at `column`, with its value on this line or, when none, on the lines below. */
  private mapEntry(column: number): void {
    const map = this.enter(column, "map");
    if (map.kind !== "map") doubt();
    this.node(this.offset);
    const key = this.key();
    if (SPECIAL_KEYS.has(key) || Object.hasOwn(map.value, key)) doubt();
    const value = this.inlineValue(column === 0);
    if (value === NOTHING) map.pending = { key, at: this.emptyAt };
    else map.value[key] = value;
  }

  /** `- ` at `column`: a scalar, a flow list, or a mapping that starts on this line. */
  private seqItem(column: number): void {
    const seq = this.enter(column, "seq");
    if (seq.kind !== "seq") doubt();
    this.skip();
    if (this.tokens[this.at]?.[0] !== " ") doubt();
    this.skip();
    if (this.keyAhead()) {
      const map = { kind: "map" as const, column: this.offset - this.lineStart, place: 0, value: {} };
      seq.value.push(map.value);
      this.push(map);
      this.mapEntry(map.column);
      return;
    }
    const value = this.inlineValue(false);
    if (value === NOTHING) doubt();
    seq.value.push(value);
  }

  /**
   * The container an entry of `kind` at `column` belongs to: a new one under a pending key, or an
   * open one at that column once the deeper ones are closed.
   */
  private enter(column: number, kind: Container["kind"]): Container {
    const top = this.stack.at(-1);
    if (top?.kind === "map" && top.pending !== undefined) {
      // A key's block value is indented; a list may also sit at the key's own column.
      if (column > top.column || (kind === "seq" && column === top.column)) {
        const opened: Container =
          kind === "map" ? { kind, column, place: 0, value: {} } : { kind, column, place: 0, value: [] };
        top.value[top.pending.key] = opened.value;
        delete top.pending;
        this.push(opened);
        return opened;
      }
      this.settlePending();
    }
    if (this.stack.length === 0) {
      if (kind !== "map" || column !== 0) doubt();
      const root: Container = { kind, column, place: 0, value: {} };
      this.push(root);
      return root;
    }
    for (;;) {
      const open = this.stack.at(-1) ?? doubt();
      // A list at its key's column ends at the next key of that column.
      if (open.column > column || (open.kind === "seq" && kind === "map" && open.column === column))
        this.close(this.stack.pop()!.place);
      else if (open.column === column && open.kind === kind) return open;
      else doubt();
    }
  }

  /** A key left without a value is null, as in YAML. */
  private settlePending(): void {
    const top = this.stack.at(-1);
    if (top?.kind === "map" && top.pending !== undefined) {
      top.value[top.pending.key] = null;
      this.node(top.pending.at);
      delete top.pending;
    }
  }

  /** Whether the tokens at hand are `key:`. */
  private keyAhead(): boolean {
    const token = this.tokens[this.at];
    return this.tokens[this.at + (token === SCALAR_MARK ? 2 : 1)] === ":";
  }

  private key(): string {
    const plain = this.tokens[this.at] === SCALAR_MARK;
    const key = this.scalarText(1024);
    // A plain `true:` or `1:` is not a text key; the full parser settles what it becomes.
    if (plain && !isTextKey(key)) doubt();
    if (this.tokens[this.at] !== ":") doubt();
    this.skip();
    return key;
  }

  /** The value after `key:` or `- ` on the same line, or NOTHING when the line ends first. */
  private inlineValue(topLevel: boolean): unknown {
    if (this.tokens[this.at]?.[0] === " ") this.skip();
    const token = this.tokens[this.at];
    let value: unknown = NOTHING;
    if (token === undefined || token === "\n" || token[0] === "#") {
      value = NOTHING;
      this.emptyAt = this.offset;
    } else if (token === "[") value = this.flowList();
    else if (token === "{") {
      this.node(this.offset);
      this.skip();
      if (this.tokens[this.at]?.[0] === " ") this.skip();
      if (this.tokens[this.at] !== "}") doubt();
      this.skip();
      value = {};
    } else if (BLOCK_HEADERS.has(token)) {
      if (!topLevel) doubt();
      return this.blockScalar(token);
    } else {
      this.node(this.offset);
      value = this.scalar();
    }
    const spaced = this.tokens[this.at]?.[0] === " ";
    if (spaced) this.skip();
    // A comment needs a space before it; the document API reports one that has none.
    if (spaced && this.tokens[this.at]?.[0] === "#") this.skip();
    const end = this.tokens[this.at];
    if (end !== undefined && end !== "\n") doubt();
    return value;
  }

  /** `[]` or `[a, "b"]` on one line. */
  private flowList(): unknown[] {
    const place = this.node(this.offset);
    this.skip();
    const list: unknown[] = [];
    for (;;) {
      if (this.tokens[this.at]?.[0] === " ") this.skip();
      if (this.tokens[this.at] === "]") break;
      this.node(this.offset);
      list.push(this.scalar());
      if (this.tokens[this.at]?.[0] === " ") this.skip();
      if (this.tokens[this.at] === "]") break;
      if (this.tokens[this.at] !== ",") doubt();
      this.skip();
    }
    this.skip();
    this.close(place);
    return list;
  }

  /** A literal or folded block scalar of the top-level mapping, whose body the lexer cut. */
  private blockScalar(header: string): string {
    const offset = this.offset;
    this.node(offset);
    this.skip();
    if (this.tokens[this.at] !== "\n") doubt();
    this.skip();
    if (this.tokens[this.at] !== SCALAR_MARK) doubt();
    this.at++;
    const source = this.tokens[this.at] ?? doubt();
    const props = [{ type: "block-scalar-header" as const, offset, indent: 0, source: header }];
    const value = CST.resolveAsScalar(
      { type: "block-scalar", offset, indent: 0, props, source },
      true,
      doubt,
    )?.value;
    if (typeof value !== "string") doubt();
    this.skip();
    // The body ends with its line break.
    this.lineStart = this.offset;
    return value;
  }

  /** A one-line scalar value, typed by the core schema when plain. */
  private scalar(): unknown {
    const plain = this.tokens[this.at] === SCALAR_MARK;
    const text = this.scalarText(Infinity);
    if (!plain) return text;
    const tag = anyPlainTag.test(text) ? plainTags.find((t) => t.test.test(text)) : undefined;
    if (!tag) return text;
    // The null tag answers with a Scalar node, as the composer accepts either.
    const value: unknown = tag.resolve(text, doubt, options);
    return isScalar(value) ? value.value : value;
  }

  /** A one-line plain or quoted scalar's text, as the package resolves it. */
  private scalarText(maxLength: number): string {
    if (this.tokens[this.at] === SCALAR_MARK) this.at++;
    const source = this.tokens[this.at] ?? doubt();
    const type =
      source[0] === '"' ? "double-quoted-scalar" : source[0] === "'" ? "single-quoted-scalar" : "scalar";
    if (type === "scalar" && this.tokens[this.at - 1] !== SCALAR_MARK) doubt();
    if (source.includes("\n") || source.length > maxLength) doubt();
    const resolved = CST.resolveAsScalar({ type, offset: this.offset, indent: 0, source }, true, doubt);
    if (typeof resolved?.value !== "string") doubt();
    this.skip();
    return detached(resolved.value);
  }

  private push(container: Container): void {
    if (this.stack.length >= MAX_SIMPLE_DEPTH) doubt();
    container.place = this.node(this.offset);
    this.stack.push(container);
  }

  /** Steps over one token of source text. */
  private skip(): void {
    const token = this.tokens[this.at++] ?? doubt();
    if (token !== SCALAR_MARK && token !== DOC_MARK) this.offset += token.length;
  }
}

function isTextKey(key: string): boolean {
  let text = textKeys.get(key);
  if (text === undefined) {
    text = !anyPlainTag.test(key) || !plainTags.some((tag) => tag.test.test(key));
    if (textKeys.size < MAX_KEYS_REMEMBERED) textKeys.set(key, text);
  }
  return text;
}

/**
 * A copy of `text` that does not hold on to the file it was cut from. V8 keeps a cut of 13
 * characters or more as a view of the whole source, so 20,000 records' values kept all 20,000
 * files alive (28 MB at 10,000 + 10,000). Slicing a concatenation copies it into a string of its own.
 */
function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
