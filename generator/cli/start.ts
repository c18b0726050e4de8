import { resolve } from "node:path";
import { build } from "../pipeline.ts";
import { startServer } from "../serve/start-server.ts";
import { runCommand } from "./options.ts";
import { printDiagnostics, summaryLine } from "./report.ts";

/** `npm start`: build the site from records/, then serve it as the contract says. */
await runCommand(async (options) => {
  const result = await build(options);
  printDiagnostics(result.diagnostics);
  if (!result.ok) {
    console.error("not serving: fix the errors above, then run npm start again");
    process.exit(1);
  }
  console.log(summaryLine(result.summary, options.outDir));
  const { url } = await startServer({
    root: resolve(options.outDir),
    port: options.port,
    host: options.host,
  });
  console.log(`serving ${options.outDir} at ${options.baseUrl} (listening on ${url})`);
  console.log(`API index: ${options.baseUrl}api/index.json`);
});
