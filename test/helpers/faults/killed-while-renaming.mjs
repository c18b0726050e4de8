/**
 * Preloaded into a real build process (`node --import this-file compiled/cli/build.mjs`): after
 * KILL_AFTER_RENAMES renames the process kills itself (SIGKILL), as a machine that loses power while
 * a build puts its files in place would. Nothing else about the process changes.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const after = Number(process.env.KILL_AFTER_RENAMES ?? 0);
const rename = fs.renameSync;
let renames = 0;
fs.renameSync = (...args) => {
  if (renames++ === after) process.kill(process.pid, "SIGKILL");
  return rename(...args);
};
syncBuiltinESMExports();
