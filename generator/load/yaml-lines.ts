import { recordSchemas } from "../contract/record-schemas.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/** A mistake in plain words: where it is, what YAML made of it, and the fix to type. */
export type Mistake = Pick<Diagnostic, "line" | "column" | "message" | "found" | "fix">;

/** A line that starts a field: indentation, an optional list dash, the name, the colon and the rest. */
export interface FieldLine {
  indent: number;
  dash: string;
  key: string;
  /** The column (0-based) the key starts at. */
  column: number;
  /** What follows `key:` and its spaces, without a trailing comment's spaces. */
  value: string;
}

// No lazy `.*?` before `\s*$`: on a long line with spaces that backtracks for every space.
const FIELD = /^( *)(- +)?([A-Za-z_][\w-]*):(?:[ \t]+(.*))?$/;
const BLOCK_SCALAR = /^[|>][-+0-9]*\s*(#.*)?$/;

/** The line as a field, if it reads as one: `  - name: Ada`. */
export function fieldLine(line: string): FieldLine | undefined {
  const match = FIELD.exec(line);
  if (!match) return undefined;
  const [, spaces = "", dash = "", key = "", value = ""] = match;
  return { indent: spaces.length, dash, key, column: spaces.length + dash.length, value: value.trimEnd() };
}

export const isBlockScalar = (value: string): boolean => BLOCK_SCALAR.test(value);

export const indentOf = (line: string): number => /^ */.exec(line)![0].length;

export const isBlank = (line: string): boolean => /^\s*(#.*)?$/.test(line);

type SchemaField = { type?: unknown; $ref?: string };

/** Each field the record schemas declare, at any depth, with its name. */
function eachField(visit: (name: string, field: SchemaField) => void, node: unknown = recordSchemas): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((child) => eachField(visit, child));
  for (const [key, child] of Object.entries(node)) {
    if (key === "properties" && child && typeof child === "object")
      for (const [name, field] of Object.entries(child as Record<string, SchemaField>))
        visit(name, field ?? {});
    eachField(visit, child);
  }
}

/** Every field name the record schemas know, at any depth: what a person means to write as a key. */
export const FIELD_NAMES: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  eachField((name) => names.add(name));
  return names;
})();

/**
 * The field names the record schemas type as text and never as a list or a mapping: a value of one
 * that starts with `[` or `{` is text to quote, not a list or mapping to close.
 */
export const TEXT_FIELDS: ReadonlySet<string> = (() => {
  const defs = recordSchemas.common.$defs as Record<string, SchemaField>;
  // A field's type, its definition's where it names one (`common.schema.json#/$defs/shortText`).
  const typeOf = (field: SchemaField) => field.type ?? defs[field.$ref?.split("/").at(-1) ?? ""]?.type;
  const isText = (type: unknown) =>
    type === "string" ||
    (Array.isArray(type) && type.includes("string") && type.every((t) => t === "string" || t === "null"));
  const text = new Set<string>();
  const other = new Set<string>();
  eachField((name, field) => (isText(typeOf(field)) ? text : other).add(name));
  for (const name of other) text.delete(name);
  return text;
})();

/**
 * `value` written so YAML reads it back as exactly this text: in single quotes when it holds a
 * double quote and no single one (easier to read), else as a JSON string, which YAML reads as one.
 */
export function quoted(value: string): string {
  return value.includes('"') && !value.includes("'") && !/[\\\n]/.test(value)
    ? `'${value}'`
    : JSON.stringify(value);
}

/** Lines `from`–`to` (1-based) in words: `line 3`, `lines 3–5`. */
export const lineRange = (from: number, to: number): string =>
  from === to ? `line ${from}` : `lines ${from}–${to}`;

export const spaces = (count: number): string => `${count} ${count === 1 ? "space" : "spaces"}`;

/** A fix that rewrites one line. */
export function replace(
  line: number,
  was: string,
  now: string,
  said: { message: string; found: string },
): Mistake {
  return {
    line,
    column: was.length - was.trimStart().length + 1,
    message: said.message,
    found: said.found,
    fix: `Write \`${now}\` on line ${line}.`,
  };
}

/**
 * A value without its trailing comment (`ada # me` → `ada`). Found with a search, not
 * `/\s+#.*$/`, which backtracks over every space of a long line that has no comment.
 */
export function withoutComment(value: string): string {
  const at = value.search(/\s#/);
  return at < 0 ? value : value.slice(0, at).trimEnd();
}
