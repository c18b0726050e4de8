import { join } from "node:path";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "./fixture-root.ts";

/**
 * Builds a project root's site into `out` (default: a fresh temporary folder) with a fixed
 * generation time, and returns the folder; a build that fails is a broken test setup and throws.
 */
export async function buildSite(root: string, baseUrl: string, out?: string, epoch = "0"): Promise<string> {
  const outDir = out ?? join(await tempDir(), "dist");
  const result = await build({ root, outDir, baseUrl, env: { SOURCE_DATE_EPOCH: epoch } });
  if (!result.ok) throw new Error(`the site did not build: ${JSON.stringify(result.diagnostics)}`);
  return outDir;
}
