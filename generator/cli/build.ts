import { PROCESS_OUTPUT } from "./print-diagnostics.ts";
import { run } from "./build/run.ts";

// `npm run build`: the logic is `run()` (build/run.ts), tested in process.
process.exitCode = await run(process.argv.slice(2), PROCESS_OUTPUT);
