import { runCommand } from "./options.ts";
import { buildAndReport } from "./report.ts";

const USAGE = `usage: npm run build -- [--out DIR] [--base-url URL]

Validates the records, then writes the whole site to DIR (default dist) for URL (default
BASE_URL, else http://localhost:4173/). DIR is never a source folder; a folder a build wrote is
updated in place (only changed files are written); any other must be new or empty.`;

/** `npm run build`: validate, then write the site to --out (dist/), in place into an earlier build's. */
await runCommand(USAGE, async (options) => {
  const built = await buildAndReport(
    options,
    `build stopped: the records have errors; ${options.outDir} was left as it was`,
  );
  if (!built?.ok) process.exitCode = 1;
});
