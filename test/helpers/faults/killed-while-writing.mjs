/**
 * Preloaded into a real build process (`node --import this-file compiled/cli/build.mjs`): once it
 * has written KILL_AFTER_WRITES files into its staging folder (beside the site, `.<name>.staging-…`)
 * the process kills itself (SIGKILL), as a machine that loses power mid-write would, at the same
 * point every run whatever the machine's speed. Nothing else about the process changes.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const after = Number(process.env.KILL_AFTER_WRITES ?? 1);
let writes = 0;
/** @param {unknown} path */
const staged = (path) => /\/\.[^/]+\.staging-[^/]+\//.test(String(path));
/** @param {unknown} path */
const wrote = (path) => {
  if (staged(path) && ++writes >= after) process.kill(process.pid, "SIGKILL");
};

/** @typedef {(...args: unknown[]) => unknown} Fn */
const target = /** @type {Record<string, Fn>} */ (/** @type {unknown} */ (fs));
for (const name of ["writeFileSync", "copyFileSync"]) {
  const original = /** @type {Fn} */ (target[name]);
  const path = name === "copyFileSync" ? 1 : 0;
  target[name] = (...args) => {
    const result = original(...args);
    wrote(args[path]);
    return result;
  };
}
// A document written in parts opens its file for writing and closes it when whole.
const openSync = /** @type {Fn} */ (target.openSync);
const closeSync = /** @type {Fn} */ (target.closeSync);
/** @type {Map<unknown, unknown>} */
const open = new Map();
target.openSync = (...args) => {
  const fd = openSync(...args);
  if (typeof args[1] === "string" && args[1] !== "r") open.set(fd, args[0]);
  return fd;
};
target.closeSync = (...args) => {
  const result = closeSync(...args);
  if (open.has(args[0])) wrote(open.get(args[0]));
  open.delete(args[0]);
  return result;
};
syncBuiltinESMExports();
