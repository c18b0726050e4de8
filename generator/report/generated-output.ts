import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { typesAreCurrent, TYPES_PATH } from "../contract/types-stamp.ts";

/** Folders the build writes; none of them is ever committed. */
export const OUTPUT_DIRS = ["dist"] as const;

/**
 * A pull request must not hand-edit what the generator produces: the site (built on merge) and
 * the record types (generated from the schemas). Run on a fresh checkout, before building.
 */
export async function generatedOutputProblems(root: string): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  for (const dir of OUTPUT_DIRS) {
    const entries = await readdir(join(root, dir), { recursive: true }).catch(() => undefined);
    if (entries === undefined) continue;
    problems.push({
      file: dir,
      line: 1,
      column: 1,
      severity: "error",
      rule: "generated-output",
      message: `${dir}/ is the built site and is never committed (found ${entries.length} entries)`,
      expected: `no ${dir}/ folder`,
      found: `${entries.length} entries`,
      fix: `Remove ${dir}/ from the pull request; the Publish workflow builds it on merge.`,
    });
  }
  // Checked by its stamp, so Validate loads no code generator (a devDependency) at run time.
  if (!(await typesAreCurrent(root)))
    problems.push({
      file: TYPES_PATH,
      line: 1,
      column: 1,
      severity: "error",
      rule: "generated-output",
      message: `${TYPES_PATH} differs from what records/schemas/ generate`,
      expected: "the output of npm run schema:types",
      found: "a hand edit or a stale file",
      fix: "Edit records/schemas/ instead, then run npm run schema:types and commit its output.",
    });
  return problems;
}
