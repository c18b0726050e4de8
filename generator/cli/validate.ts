import { PROCESS_OUTPUT } from "./print-diagnostics.ts";
import { run } from "./validate/run.ts";

// `npm run validate`: the logic is `run()` (validate/run.ts), tested in process.
process.exitCode = await run(process.argv.slice(2), PROCESS_OUTPUT);
