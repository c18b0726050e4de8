import { PROCESS_OUTPUT } from "./print-diagnostics.ts";
import { run } from "./tally/run.ts";

// `npm run tally`: the logic is `run()` (tally/run.ts), tested in process. npm runs a script in the
// package's folder; a score file is named from where the organiser typed it (INIT_CWD).
process.exitCode = await run(process.argv.slice(2), {
  ...PROCESS_OUTPUT,
  cwd: process.cwd(),
  here: process.env.INIT_CWD ?? process.cwd(),
});
