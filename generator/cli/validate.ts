import { check } from "../pipeline.ts";
import { cliOptions } from "./options.ts";
import { printDiagnostics } from "./report.ts";

/** `npm run validate`: every problem in every record, one line each; exit 1 on any error. */
const options = cliOptions();
const result = await check(options.root);
printDiagnostics(result.diagnostics, options.format);
if (options.format === "text" && result.ok) process.stderr.write("records are valid\n");
process.exitCode = result.ok ? 0 : 1;
