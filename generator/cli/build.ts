import { build } from "../pipeline.ts";
import { runCommand } from "./options.ts";
import { printDiagnostics, summaryLine } from "./report.ts";

/** `npm run build`: validate, then write the whole site to --out (dist/) and swap it in. */
await runCommand(async (options) => {
  const result = await build(options);
  printDiagnostics(result.diagnostics);
  if (result.ok) console.log(summaryLine(result.summary, options.outDir));
  else {
    console.error(`build stopped: the records have errors; ${options.outDir} was left as it was`);
    process.exitCode = 1;
  }
});
