import type { ErrorObject } from "ajv";
import { describeFound, type Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import { fieldName, locate } from "./locate.ts";
import { ajv, validatorFor } from "./schemas.ts";
import { closest, oneOf } from "./words.ts";
import { CONFUSED_FIELDS, confusedPlace, meantValue } from "./confused-fields.ts";

type Schema = {
  title?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  type?: string | string[];
  required?: string[];
};

/** The rules of the schema's errors about a value (not a field missing or unknown). */
export const SCHEMA_VALUE_RULES: ReadonlySet<string> = new Set(["invalid-value", "wrong-type"]);

/** Validates one parsed record against its kind's schema; every ajv error becomes a diagnostic. */
export function schemaDiagnostics(record: RecordFile): Diagnostic[] {
  const validate = validatorFor(record.kind);
  if (validate(record.data)) return [];
  const root = validate.schema as Schema;
  // One message per value: a bad URL can fail both `pattern` and `format`, which say the same thing.
  const seen = new Set<string>();
  const errors = (validate.errors ?? []).filter((error) => {
    const key = `${error.instancePath}|${error.keyword === "required" || error.keyword === "additionalProperties" ? JSON.stringify(error.params) : ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // One mistake, one error: `members:` in a project is `team` misnamed, not also `team` missing.
  const renamed = new Set(
    errors.flatMap((error) => {
      const meant = error.keyword === "additionalProperties" ? meantField(record.kind, error) : undefined;
      return meant?.renames ? [`${error.instancePath}|${meant.guess}`] : [];
    }),
  );
  return errors
    .filter(
      (error) =>
        !(
          error.keyword === "required" && renamed.has(`${error.instancePath}|${error.params.missingProperty}`)
        ),
    )
    .map((error) => toDiagnostic(record, root, error));
}

/**
 * The field an unknown key most likely means (from the list of fields people confuse, else by
 * spelling), and whether that field is missing beside it: then the key is the field misnamed.
 */
function meantField(kind: string, error: ErrorObject): { guess?: string; renames: boolean } {
  const segments = error.instancePath.split("/").slice(1).map(unescapePointer);
  const schema = (error.parentSchema ?? {}) as Schema;
  const key = String(error.params.additionalProperty);
  const known = Object.keys(schema.properties ?? {});
  const place = confusedPlace(kind, segments);
  const meant = place && CONFUSED_FIELDS[place][key];
  const guess = meant && known.includes(meant) ? meant : closest(key, known);
  const data = (error.data ?? {}) as Record<string, unknown>;
  return {
    guess,
    renames: guess !== undefined && (schema.required ?? []).includes(guess) && !(guess in data),
  };
}

function toDiagnostic(record: RecordFile, root: Schema, error: ErrorObject): Diagnostic {
  const segments = error.instancePath.split("/").slice(1).map(unescapePointer);
  const schema = (error.parentSchema ?? {}) as Schema;
  const title = schema.title;
  const base = { file: record.file, severity: "error" as const };
  const subject = fieldName(segments);
  const found = describeFound(error.data);

  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(error.params.additionalProperty);
      const known = Object.keys(schema.properties ?? {});
      const path = [...segments, key];
      const { guess, renames } = meantField(record.kind, error);
      return {
        ...base,
        ...locate(record, path, "key"),
        rule: "unknown-field",
        message: `field ${JSON.stringify(key)} is not allowed in ${segments.length ? subject : `a ${record.kind} record`}; expected one of ${known.join(", ")} (found ${JSON.stringify(key)})`,
        expected: `one of ${known.join(", ")}`,
        found: JSON.stringify(key),
        fix: renames
          ? `Rename ${JSON.stringify(key)} to ${JSON.stringify(guess)}: that is the field for it.`
          : guess
            ? `Did you mean ${JSON.stringify(guess)}?`
            : "Remove the field or fix its spelling.",
      };
    }
    case "required": {
      const key = String(error.params.missingProperty);
      const expected = titleOf(schema.properties?.[key], root) ?? "a value";
      const name = fieldName([...segments, key]);
      return {
        ...base,
        ...locate(record, segments),
        rule: "missing-field",
        message: `${name} is required: expected ${expected} (found no ${key} field)`,
        expected,
        found: `no ${key} field`,
        fix: `Add a line \`${key}: ...\`.`,
      };
    }
    default: {
      const { expected, actual } = explain(error, title, found);
      return {
        ...base,
        ...locate(record, segments),
        rule: error.keyword === "type" ? "wrong-type" : "invalid-value",
        message: `${subject} must be ${expected} (found ${actual})`,
        expected,
        found: actual,
        fix: meantValue(segments.at(-1), error.data) ?? `Change ${subject} to ${expected}.`,
      };
    }
  }
}

function explain(
  error: ErrorObject,
  title: string | undefined,
  found: string,
): { expected: string; actual: string } {
  const p = error.params as Record<string, unknown>;
  const data = error.data;
  switch (error.keyword) {
    case "type":
      return { expected: title ?? typeWords(p.type as string | string[]), actual: found };
    case "enum":
      return {
        expected: `one of ${oneOf((p.allowedValues as unknown[]).map((v) => String(v)))}`,
        actual: found,
      };
    case "minLength":
      return p.limit === 1
        ? { expected: title ?? "not empty", actual: "an empty text" }
        : { expected: `at least ${p.limit} characters`, actual: `${[...String(data)].length} characters` };
    case "maxLength":
      return { expected: `at most ${p.limit} characters`, actual: `${[...String(data)].length} characters` };
    case "minItems":
      return { expected: `a list of at least ${items(p.limit as number)}`, actual: found };
    case "maxItems":
      return { expected: `a list of at most ${items(p.limit as number)}`, actual: found };
    case "uniqueItems": {
      const item = (data as unknown[])[p.j as number];
      return { expected: "a list without repeats", actual: `${describeFound(item)} twice` };
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return { expected: `a number ${p.comparison} ${p.limit}`, actual: found };
    default:
      return { expected: title ?? String(error.message), actual: found };
  }
}

function titleOf(schema: Schema | undefined, root: Schema): string | undefined {
  if (!schema) return undefined;
  if (schema.title) return schema.title;
  if (schema.$ref) {
    const target = schema.$ref.startsWith("#")
      ? resolveLocal(root, schema.$ref)
      : ajv.getSchema(schema.$ref)?.schema;
    return titleOf(target as Schema | undefined, root);
  }
  return schema.type ? typeWords(schema.type) : undefined;
}

function resolveLocal(root: Schema, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map(unescapePointer)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
}

const TYPE_WORDS: Record<string, string> = {
  string: "a text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a mapping",
  null: "null",
};

function typeWords(type: string | string[]): string {
  return oneOf((Array.isArray(type) ? type : [type]).map((t) => TYPE_WORDS[t] ?? t));
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** "one item", "20 items": a bare "at least 1" read as a number to give, not a count of entries. */
function items(count: number): string {
  return count === 1 ? "one item" : `${count} items`;
}
