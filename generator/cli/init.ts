import { PROCESS_OUTPUT } from "./print-diagnostics.ts";
import { run } from "./init/run.ts";

// `npm run init`: the logic is `run()` (init/run.ts), tested in process; it asks in a terminal only.
process.exitCode = await run(process.argv.slice(2), {
  ...PROCESS_OUTPUT,
  cwd: process.cwd(),
  terminal: process.stdin.isTTY ? { input: process.stdin, output: process.stdout } : undefined,
});
