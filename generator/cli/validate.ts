import { check } from "../pipeline.ts";
import { runCommand } from "./options.ts";
import { printDiagnostics } from "./print-diagnostics.ts";

const USAGE = `usage: npm run validate -- [--format text|json]

Checks every record (schemas and cross-record rules): one line per problem, exit 1 on any error.`;

/** `npm run validate`: every problem in every record, one line each; exit 1 on any error. */
await runCommand(USAGE, async (options) => {
  const result = await check(options);
  printDiagnostics(result.diagnostics, options.format);
  if (options.format === "text" && result.ok) process.stderr.write("records are valid\n");
  process.exitCode = result.ok ? 0 : 1;
});
