import { byCodeUnits } from "../code-unit-order.ts";
/**
 * A problem found in the records. Every stage reports problems in this one shape, and every
 * printer (terminal, GitHub annotations, job summary, PR comment) renders it.
 */
export type Severity = "error" | "warning";

export interface Diagnostic {
  /** Path relative to the repository root, with forward slashes: `records/teams/foo.yaml`. */
  file: string;
  /** 1-based line and column of the offending value (1:1 when the whole file is at fault). */
  line: number;
  column: number;
  severity: Severity;
  /** Stable rule name, such as `project-track` or `unknown-field`. */
  rule: string;
  /** One sentence naming what was expected and what was found. */
  message: string;
  expected?: string;
  found?: string;
  /** What to do about it. */
  fix?: string;
}

/** Describes a value found in a record, short enough for a one-line message. */
export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : `a list of ${value.length}`;
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

/** Sorts by file, then position, then rule, so output is stable. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      byCodeUnits(a.file, b.file) || a.line - b.line || a.column - b.column || byCodeUnits(a.rule, b.rule),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === "error");
}
