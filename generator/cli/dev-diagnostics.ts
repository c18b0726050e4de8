import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatSummary } from "../diagnostics/format-line.ts";

/** The first build lists its warnings when there are this few; past it, it counts them by rule. */
const FIRST_BUILD_WARNINGS = 20;

/** What `npm run dev` prints of a build's problems: the ones to list, and the one line after them. */
export interface DevReport {
  shown: Diagnostic[];
  /** The counts; empty when there is no problem at all. */
  summary: string;
}

/** What a problem is, wherever it is printed: the same problem in the next build has the same key. */
export const diagnosticKey = (d: Diagnostic): string =>
  `${d.file}:${d.line}:${d.column} ${d.rule} ${d.message}`;

/**
 * Chooses what a build of a large event prints, so a save is not buried under the warnings every
 * save repeats (1,000 at 10,000 projects). Errors stop the build and are always listed. A rebuild
 * (`since` given) lists the warnings of the files that changed and those new since the last build
 * (a team renamed warns in the project naming it), and counts the rest in one line; the first
 * build lists a few warnings, or counts many by rule.
 */
export function devReport(
  diagnostics: readonly Diagnostic[],
  since?: { previous: ReadonlySet<string>; changed: ReadonlySet<string> },
): DevReport {
  if (!diagnostics.length) return { shown: [], summary: "" };
  const total = formatSummary(diagnostics);
  const warnings = diagnostics.filter((d) => d.severity === "warning");
  if (!since) {
    if (warnings.length <= FIRST_BUILD_WARNINGS) return { shown: [...diagnostics], summary: total };
    const byRule = new Map<string, number>();
    for (const d of warnings) byRule.set(d.rule, (byRule.get(d.rule) ?? 0) + 1);
    const rules = [...byRule]
      .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))
      .map(([rule, n]) => `${n} ${rule}`)
      .join(", ");
    return {
      shown: diagnostics.filter((d) => d.severity === "error"),
      summary: `${total} (${rules}): npm run validate lists them; each save lists those of the files it changes`,
    };
  }
  const shown = diagnostics.filter(
    (d) => d.severity === "error" || since.changed.has(d.file) || !since.previous.has(diagnosticKey(d)),
  );
  const rest = diagnostics.length - shown.length;
  // "0 shown" would read as if something were missing: the line then only says nothing changed.
  const summary = !rest
    ? total
    : shown.length
      ? `${total}: ${shown.length} shown (new, or in the files saved since the last build); ${rest} as before (npm run validate lists them)`
      : `${total}, as before (npm run validate lists them)`;
  return { shown, summary };
}
