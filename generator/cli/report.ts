import { build, type BuildOptions, type BuildSummary } from "../pipeline.ts";
import { printDiagnostics } from "./print-diagnostics.ts";

export function summaryLine(summary: BuildSummary, outDir: string): string {
  return `built ${summary.records} records into ${summary.documents} documents (${summary.files} files, ${summary.bytes} bytes) in ${outDir} in ${summary.milliseconds} ms`;
}

/**
 * Builds, prints the diagnostics and the summary line (or `failure`), and says whether it built. A
 * build that breaks while writing (a full or read-only disk, a bug in a renderer) says why; the
 * staged site is dropped, so the output folder is as it was.
 */
export async function buildAndReport(options: BuildOptions, failure: string): Promise<boolean> {
  let result;
  try {
    result = await build(options);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    // A system error explains itself; anything else is a bug, and its stack says where.
    console.error(`build failed: ${e.code ? e.message : (e.stack ?? String(e))}`);
    console.error(`${options.outDir} was left as it was`);
    return false;
  }
  printDiagnostics(result.diagnostics);
  if (result.ok) {
    for (const warning of result.warnings) console.error(`warning: ${warning}`);
    console.log(summaryLine(result.summary, options.outDir));
  } else console.error(failure);
  return result.ok;
}
