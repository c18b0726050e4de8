/**
 * Preloaded into a real build process (`node --import this-file compiled/cli/build.mjs`): after
 * PAUSE_AFTER_RENAMES renames into PAUSE_UNDER (the site's folder, or the staging folder where it
 * sets files aside), the process writes PAUSED_FILE and stands still until GO_FILE exists, as a
 * build descheduled while it puts its files in place would. Nothing else about the process changes.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const rename = fs.renameSync;
const pause = new Int32Array(new SharedArrayBuffer(4));
const after = Number(process.env.PAUSE_AFTER_RENAMES ?? 0);
let renames = 0;
fs.renameSync = (from, to) => {
  if (String(to).startsWith(process.env.PAUSE_UNDER ?? "/") && renames++ === after) {
    fs.writeFileSync(process.env.PAUSED_FILE, String(process.pid));
    while (!fs.existsSync(process.env.GO_FILE)) Atomics.wait(pause, 0, 0, 10);
  }
  return rename(from, to);
};
syncBuiltinESMExports();
