import type { Diagnostic, Severity } from "../diagnostics/diagnostic.ts";
import { oneLine } from "../diagnostics/format-line.ts";

/** GitHub shows at most 10 error and 10 warning annotations per step; more are dropped silently. */
export const ANNOTATION_CAPS: Readonly<Record<Severity, number>> = { error: 10, warning: 10 };

export interface Annotation {
  severity: Severity;
  message: string;
  properties: {
    title: string;
    file: string;
    startLine: number;
    startColumn: number;
  };
}

/**
 * The diagnostics worth an annotation within the caps: the first problem of every file before the
 * second of any, so each file the author touched gets pointed at before one file fills the quota.
 */
export function pickAnnotations(
  diagnostics: readonly Diagnostic[],
  caps: Readonly<Record<Severity, number>> = ANNOTATION_CAPS,
): Diagnostic[] {
  return (["error", "warning"] as const).flatMap((severity) => {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of diagnostics.filter((d) => d.severity === severity)) {
      const list = byFile.get(d.file) ?? [];
      list.push(d);
      byFile.set(d.file, list);
    }
    const picked: Diagnostic[] = [];
    for (let round = 0; picked.length < caps[severity]; round++) {
      const row = [...byFile.values()].flatMap((list) => (round < list.length ? [list[round]!] : []));
      if (row.length === 0) break;
      picked.push(...row.slice(0, caps[severity] - picked.length));
    }
    return picked;
  });
}

/** One annotation: placed on the file, line and column; the message carries the fix and the rule. */
export function toAnnotation(d: Diagnostic): Annotation {
  const fix = d.fix ? ` Fix: ${d.fix}` : "";
  return {
    severity: d.severity,
    // Record text reaches the annotation: one line, and no direction overrides to reorder it.
    message: oneLine(`${d.message}${/[.!?]$/.test(d.message) ? "" : "."}${fix}`.replace(/\s+/g, " ")),
    properties: { title: d.rule, file: d.file, startLine: d.line, startColumn: d.column },
  };
}
