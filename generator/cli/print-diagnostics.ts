import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { formatLine, formatSummary } from "../diagnostics/format-line.ts";

/** Where a command writes: the process's streams, or a test's collected text (a command's `run()`). */
export interface CommandOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const PROCESS_OUTPUT: CommandOutput = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Prints diagnostics one line each (or as JSON), then the count. */
export function printDiagnostics(
  diagnostics: readonly Diagnostic[],
  format: "text" | "json" = "text",
  output: CommandOutput = PROCESS_OUTPUT,
): void {
  if (format === "json") {
    output.out(`${JSON.stringify(diagnostics, null, 2)}\n`);
    return;
  }
  for (const d of diagnostics) output.out(`${formatLine(d)}\n`);
  if (diagnostics.length > 0) output.err(`${formatSummary(diagnostics)}\n`);
}
