import type { ApiDiff } from "../diff/api-diff.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { diffCounts, diffSection, problemsTable, SUMMARY_BUDGET, type LineLink } from "./sections.ts";

/** The Validate run's job summary: every problem (annotations show only the first few) and the API diff. */
export function renderJobSummary(
  diagnostics: readonly Diagnostic[],
  diff: ApiDiff | null,
  link: LineLink,
): string {
  const errors = diagnostics.some((d) => d.severity === "error");
  return [
    `## ${errors ? "❌ The records have problems" : "✅ The records are valid"}`,
    "",
    ...problemsTable(diagnostics, link, SUMMARY_BUDGET),
    "",
    `### What merging changes in the published API (${diffCounts(diff)})`,
    "",
    ...diffSection(diff, SUMMARY_BUDGET),
    "",
  ].join("\n");
}
