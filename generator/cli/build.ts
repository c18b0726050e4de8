import { runCommand } from "./options.ts";
import { buildAndReport } from "./report.ts";

/** `npm run build`: validate, then write the whole site to --out (dist/) and swap it in. */
await runCommand(async (options) => {
  const built = await buildAndReport(
    options,
    `build stopped: the records have errors; ${options.outDir} was left as it was`,
  );
  if (!built?.ok) process.exitCode = 1;
});
