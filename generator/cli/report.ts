import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { build, type BuildOptions, type BuildResult, type BuildSummary } from "../pipeline.ts";
import { PROCESS_OUTPUT, printDiagnostics, type CommandOutput } from "./print-diagnostics.ts";

/** `1 record`, `2 records`. */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export function summaryLine(summary: BuildSummary, outDir: string): string {
  const { records, documents, files, bytes, written, removed, cached, milliseconds } = summary;
  const changes = written === files && removed === 0 ? "" : `; ${written} written, ${removed} removed`;
  return `built ${count(records, "record")} (${cached} from the cache) into ${count(documents, "document")} (${count(files, "file")}, ${count(bytes, "byte")}${changes}) in ${outDir} in ${milliseconds} ms`;
}

/**
 * Builds, prints the diagnostics and the summary line (or `failure`), and gives the result. A
 * build that breaks while writing (a full or read-only disk, a bug in a renderer) says why; the
 * staged site is dropped, so the output folder is as it was. `quiet` leaves out the base URL's
 * warnings, said once already; `print` prints the diagnostics in place of listing them all;
 * `output`: where it all goes (the process's streams, or a test's text).
 */
export async function buildAndReport(
  options: BuildOptions,
  failure: string,
  {
    quiet = false,
    output = PROCESS_OUTPUT,
    print = (diagnostics: readonly Diagnostic[]) => printDiagnostics(diagnostics, "text", output),
  }: {
    quiet?: boolean;
    output?: CommandOutput;
    print?: (diagnostics: readonly Diagnostic[]) => void;
  } = {},
): Promise<BuildResult | undefined> {
  let result;
  try {
    result = await build(options);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    // A system error explains itself; anything else is a bug, and its stack says where.
    output.err(`build failed: ${e.code ? e.message : (e.stack ?? String(e))}\n`);
    output.err(`${options.outDir} was left as it was\n`);
    return undefined;
  }
  print(result.diagnostics);
  if (result.ok) {
    if (!quiet) for (const warning of result.warnings) output.err(`warning: ${warning}\n`);
    output.out(`${summaryLine(result.summary, options.outDir)}\n`);
  } else output.err(`${failure}\n`);
  return result;
}
