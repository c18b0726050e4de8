import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { FORMS_DIR } from "../load/forms/form-files.ts";
import { build, type BuildResult } from "../pipeline.ts";
import { EDITIONS_DIR } from "../load/list-editions.ts";
import { RECORDS_DIR } from "../record-layout.ts";
import { applyPlan } from "./apply-plan.ts";
import type { InitPlan } from "./init-event.ts";

/** Every folder the build reads: records, the site's handbook and files, the issue forms, the archived editions. */
const INPUTS = [RECORDS_DIR, "site", FORMS_DIR, EDITIONS_DIR];

/**
 * Builds the checkout as the plan would leave it, without changing the checkout: its inputs are
 * copied into a temporary folder (what the plan removes is left out, unless it copies it first),
 * the plan is applied there,
 * and the copy is built into `outDir` by the one build path, so every rule `npm run validate`
 * applies judges the new event. The build writes `outDir` only when it succeeds.
 */
export async function buildPlanned(
  root: string,
  plan: InitPlan,
  options: { outDir: string; baseUrl: string },
): Promise<BuildResult> {
  const copy = await mkdtemp(join(tmpdir(), "hackathon-init-"));
  try {
    // A file the plan copies before removing it, and the folders holding one, are needed in the copy.
    const copied = new Set(
      plan.copies.flatMap(({ from }) =>
        from.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/")),
      ),
    );
    const removed = new Set(plan.removals.filter((path) => !copied.has(path)));
    for (const input of INPUTS.filter((folder) => existsSync(join(root, folder))))
      await cp(join(root, input), join(copy, input), {
        recursive: true,
        // Links stay links, so the copy is refused where the checkout would be.
        verbatimSymlinks: true,
        preserveTimestamps: true,
        filter: (source) => !removed.has(relative(root, source).split(sep).join("/")),
      }).catch((error: Error) => {
        throw new Error(`cannot copy ${input}/ to check the new event: ${error.message}`);
      });
    await applyPlan(copy, plan);
    return await build({ root: copy, ...options });
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
