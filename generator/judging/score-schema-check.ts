import type { ErrorObject, ValidateFunction } from "ajv";
import { describeFound, type Diagnostic } from "../diagnostics/diagnostic.ts";
import { fieldName } from "../validate/locate.ts";
import { ajv } from "../validate/schemas.ts";
import { scoreFileSchema } from "./score-file.ts";
import type { Where } from "./score-values.ts";

let compiled: ValidateFunction | undefined;

/**
 * A parsed score file against its schema: every ajv error as a diagnostic in plain words, at the
 * value's place (`where` finds it from the path).
 */
export function scoreSchemaDiagnostics(file: string, data: unknown, where: Where): Diagnostic[] {
  compiled ??= ajv.compile(scoreFileSchema);
  if (compiled(data)) return [];
  // A score's own value is checked against the event's scale (score-values.ts), in its words.
  const scoreValue = /^\/scores\/[^/]+\/(?!note$)[^/]+$/;
  return (compiled.errors ?? [])
    .filter((error) => !scoreValue.test(error.instancePath))
    .map((error) => toDiagnostic(file, error, where));
}

function toDiagnostic(file: string, error: ErrorObject, where: Where): Diagnostic {
  const segments = error.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const base = { file, severity: "error" as const, rule: "score-file" };
  // A key may be a megabyte long: the message names at most 80 characters of the path.
  const path = fieldName(segments);
  const subject = path.length > 80 ? `${path.slice(0, 79)}…` : path;
  if (error.keyword === "required") {
    const missing = String(error.params.missingProperty);
    const title = (scoreFileSchema.properties as Record<string, { title: string }>)[missing]?.title;
    return {
      ...base,
      ...where(segments),
      message: `the score file must have ${missing}: ${title} (found none)`,
      expected: `${missing}: ${title}`,
      found: "nothing",
      fix: `Add ${missing}, or export the file again from the judging page.`,
    };
  }
  if (error.keyword === "additionalProperties") {
    const key = String(error.params.additionalProperty);
    const shown = key.length > 80 ? describeFound(key) : key;
    return {
      ...base,
      ...where([...segments, key], "key"),
      message: `${shown} is not a field of a score file`,
      expected: "format, event, judge, scale, scores and savedAt",
      found: describeFound(key),
      fix: `Remove ${shown}, or export the file again from the judging page.`,
    };
  }
  const title = (error.parentSchema as { title?: string } | undefined)?.title ?? "as the schema says";
  const found = describeFound(error.data);
  return {
    ...base,
    ...where(segments),
    message: `${subject} must be ${title} (found ${found})`,
    expected: title,
    found,
    fix: `Write ${title} at ${subject}, or export the file again from the judging page.`,
  };
}
