import { PROCESS_OUTPUT } from "./print-diagnostics.ts";
import { run } from "./forms/run.ts";

// `npm run forms`: the logic is `run()` (forms/run.ts), tested in process.
process.exitCode = await run(process.argv.slice(2), PROCESS_OUTPUT);
