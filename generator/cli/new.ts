import { PROCESS_OUTPUT } from "./print-diagnostics.ts";
import { run } from "./new/run.ts";

// `npm run new`: the logic is `run()` (new/run.ts), tested in process.
process.exitCode = await run(process.argv.slice(2), { ...PROCESS_OUTPUT, cwd: process.cwd() });
