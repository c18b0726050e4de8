import type { Diagnostic } from "./diagnostic.ts";

/** `records/projects/foo.yaml:7:8 error track must be one of … (found "hw")`, one line per problem. */
export function formatLine(d: Diagnostic): string {
  const fix = d.fix ? ` Fix: ${d.fix}` : "";
  return `${oneLine(d.file)}:${d.line}:${d.column} ${d.severity} ${oneLine(d.message)}${oneLine(fix)} [${d.rule}]`;
}

/**
 * Record text and file names may hold line breaks, terminal escapes or direction overrides; a
 * diagnostic line must stay one line and read in the order it is written.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export function formatSummary(list: readonly Diagnostic[]): string {
  const errors = list.filter((d) => d.severity === "error").length;
  const warnings = list.length - errors;
  return `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
}
