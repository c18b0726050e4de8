/**
 * Preloaded into a real build process (`node --import this-file compiled/cli/build.mjs`) to make its disk
 * fail the way a full or read-only disk does: after FAULT_AFTER_WRITES successful file writes,
 * every write, copy and folder creation throws FAULT_CODE (ENOSPC or EROFS) with the message Node
 * itself gives. Nothing else about the process changes.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const after = Number(process.env.FAULT_AFTER_WRITES ?? 0);
const code = process.env.FAULT_CODE ?? "ENOSPC";
/** @type {Record<string, [number, string]>} */
const MESSAGES = {
  ENOSPC: [-28, "no space left on device"],
  EROFS: [-30, "read-only file system"],
};
let writes = 0;

/** @param {string} syscall @param {unknown} path */
function fault(syscall, path) {
  const [errno, text] = MESSAGES[code] ?? [-5, "i/o error"];
  const error = new Error(`${code}: ${text}, ${syscall} '${String(path)}'`);
  Object.assign(error, { errno, code, syscall, path: String(path) });
  return error;
}

/** @typedef {(...args: unknown[]) => unknown} Fn */
const target = /** @type {Record<string, Fn>} */ (/** @type {unknown} */ (fs));
for (const [name, syscall] of [
  ["writeFileSync", "open"],
  ["copyFileSync", "copyfile"],
  ["mkdirSync", "mkdir"],
]) {
  const original = /** @type {Fn} */ (target[name]);
  target[name] = (...args) => {
    if (writes >= after) throw fault(syscall, args[0]);
    if (name !== "mkdirSync") writes++;
    return original(...args);
  };
}
// A document written in parts opens its file for writing (reading a record opens one too: not a write).
const openSync = /** @type {Fn} */ (target.openSync);
target.openSync = (...args) => {
  const writing = typeof args[1] === "string" && args[1] !== "r";
  if (writing && writes >= after) throw fault("open", args[0]);
  if (writing) writes++;
  return openSync(...args);
};
const promised = /** @type {Record<string, Fn>} */ (/** @type {unknown} */ (fs.promises));
for (const name of ["writeFile", "mkdir", "copyFile"]) {
  const original = /** @type {Fn} */ (promised[name]);
  promised[name] = async (...args) => {
    if (writes >= after) throw fault(name === "writeFile" ? "open" : name.toLowerCase(), args[0]);
    if (name !== "mkdir") writes++;
    return original(...args);
  };
}
syncBuiltinESMExports();
