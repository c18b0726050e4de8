import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { check } from "../../pipeline.ts";

export interface RecordCheck {
  /** Every error of the event with the record in place, in its own file or in any other. */
  errors: Diagnostic[];
  /** The record's own warnings, for the pull request to list. */
  warnings: Diagnostic[];
}

/**
 * The whole event as `npm run validate` checks it, with the record written into the checkout
 * `root`. A record can break other files (a slug another team lists in formerSlugs is reported
 * there), and Validate fails a pull request on any error, so none is left out.
 */
export async function checkWithRecord(
  root: string,
  record: { file: string; text: string },
): Promise<RecordCheck> {
  await mkdir(dirname(join(root, record.file)), { recursive: true });
  await writeFile(join(root, record.file), record.text);
  const { diagnostics } = await check({ root });
  return {
    errors: diagnostics.filter((d) => d.severity === "error"),
    warnings: diagnostics.filter((d) => d.severity === "warning" && d.file === record.file),
  };
}

/** An error as the issue's author reads it: its line, and its file when it is another record's. */
export function problemLine(d: Diagnostic, file: string): string {
  return `${d.file === file ? "" : `${d.file} `}line ${d.line}: ${d.message}. ${d.fix ?? ""}`.trim();
}
