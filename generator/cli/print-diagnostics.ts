import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatLine, formatSummary } from "../diagnostics/format-line.ts";

/** Prints diagnostics one line each (or as JSON), then the count. */
export function printDiagnostics(diagnostics: readonly Diagnostic[], format: "text" | "json" = "text"): void {
  if (format === "json") {
    process.stdout.write(`${JSON.stringify(diagnostics, null, 2)}\n`);
    return;
  }
  for (const d of diagnostics) process.stdout.write(`${formatLine(d)}\n`);
  if (diagnostics.length > 0) process.stderr.write(`${formatSummary(diagnostics)}\n`);
}
