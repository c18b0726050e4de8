/**
 * Preloaded into a real build process (`node --import tsx --import this-file`) to make its disk
 * fail the way a full or read-only disk does: after FAULT_AFTER_WRITES successful file writes,
 * every write, copy and folder creation throws FAULT_CODE (ENOSPC or EROFS) with the message Node
 * itself gives. Nothing else about the process changes.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const after = Number(process.env.FAULT_AFTER_WRITES ?? 0);
const code = process.env.FAULT_CODE ?? "ENOSPC";
const MESSAGES: Record<string, [number, string]> = {
  ENOSPC: [-28, "no space left on device"],
  EROFS: [-30, "read-only file system"],
};
let writes = 0;

function fault(syscall: string, path: unknown): NodeJS.ErrnoException {
  const [errno, text] = MESSAGES[code] ?? [-5, "i/o error"];
  const error: NodeJS.ErrnoException = new Error(`${code}: ${text}, ${syscall} '${String(path)}'`);
  Object.assign(error, { errno, code, syscall, path: String(path) });
  return error;
}

type Fn = (...args: unknown[]) => unknown;
const target = fs as unknown as Record<string, Fn>;
for (const [name, syscall] of [
  ["writeFileSync", "open"],
  ["copyFileSync", "copyfile"],
  ["mkdirSync", "mkdir"],
] as const) {
  const original = target[name]!;
  target[name] = (...args: unknown[]) => {
    if (writes >= after) throw fault(syscall, args[0]);
    if (name !== "mkdirSync") writes++;
    return original(...args);
  };
}
// A document written in parts opens its file for writing (reading a record opens one too: not a write).
const openSync = target.openSync!;
target.openSync = (...args: unknown[]) => {
  const writing = typeof args[1] === "string" && args[1] !== "r";
  if (writing && writes >= after) throw fault("open", args[0]);
  if (writing) writes++;
  return openSync(...args);
};
const promised = fs.promises as unknown as Record<string, Fn>;
for (const name of ["writeFile", "mkdir", "copyFile"] as const) {
  const original = promised[name]!;
  promised[name] = async (...args: unknown[]) => {
    if (writes >= after) throw fault(name === "writeFile" ? "open" : name.toLowerCase(), args[0]);
    if (name !== "mkdir") writes++;
    return original(...args);
  };
}
syncBuiltinESMExports();
