import { commandRun } from "../options.ts";
import type { CommandOutput } from "../print-diagnostics.ts";
import { buildAndReport } from "../report.ts";

export const USAGE = `usage: npm run build -- [--out DIR] [--base-url URL]

Validates the records, then writes the whole site to DIR (default dist) for URL (default
BASE_URL, else http://localhost:4173/). DIR is never a source folder; a folder a build wrote is
updated in place (only changed files are written); any other must be new or empty.`;

/**
 * `npm run build`: validate, then write the site to --out (dist/), in place into an earlier
 * build's. `io.env`: the environment the flags fall back on (this process's by default).
 */
export async function run(args: string[], io: CommandOutput & { env?: NodeJS.ProcessEnv }): Promise<number> {
  const code = await commandRun(USAGE, args, io.env ?? process.env, io, async (options) => {
    const built = await buildAndReport(
      options,
      `build stopped: the records have errors; ${options.outDir} was left as it was`,
      { output: io },
    );
    return built?.ok ? 0 : 1;
  });
  return code ?? 0;
}
