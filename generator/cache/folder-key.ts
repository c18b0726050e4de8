import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

/** What folderKey (and a check after it) may use, passed in so that a worker can run its text alone. */
export const USES = { createHash, readdirSync, readFileSync, statSync, join };
export type Uses = typeof USES;

/**
 * The SHA-256 of `prefix` and every file under `folder`, its path and bytes, in path order; a link
 * or anything not a file keys as what it is, never followed. It names nothing but its arguments:
 * keyAhead runs its text in a worker.
 */
export function folderKey(folder: string, prefix: string, uses: Uses = USES): string {
  const hash = uses.createHash("sha256").update(prefix);
  const entries = uses.readdirSync(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .map((e) => ({ e, path: uses.join(e.parentPath, e.name).slice(folder.length + 1) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { e, path } of files) {
    if (e.isDirectory()) continue;
    hash.update(`\0${path}\0${e.isFile() ? "f" : "x"}\0`);
    if (e.isFile()) hash.update(uses.readFileSync(uses.join(folder, path)));
  }
  return hash.digest("hex");
}

/** A folder's key from keyAhead, and what `check` said of `<then>/<key>/`, when asked. */
export interface Keyed {
  key: string;
  checked?: boolean;
}

/**
 * folderKey of each folder, computed in a worker thread while the caller goes on (Publish derives
 * the current edition meanwhile, so reading an archived edition's 20,000 files costs it no time
 * where a second core is free); then, for a folder with `then`, `check(join(then, key), uses)`, as
 * text in the worker too (it names nothing but its arguments; it throwing is false). A folder the
 * worker could not key (it could not start, or a file could not be read) gives undefined: the
 * caller keys it itself, and meets the error there.
 */
export function keyAhead(
  folders: ReadonlyArray<{ folder: string; prefix: string; then?: string }>,
  check: (dir: string, uses: Uses) => boolean = () => false,
): Map<string, Promise<Keyed | undefined>> {
  const keys = new Map<string, Promise<Keyed | undefined>>();
  if (folders.length === 0) return keys;
  const settle = new Map<string, (keyed: Keyed | undefined) => void>();
  for (const { folder } of folders) keys.set(folder, new Promise((resolve) => settle.set(folder, resolve)));
  const all = () => {
    for (const resolve of settle.values()) resolve(undefined);
  };
  const code = `const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const uses = { createHash: require("node:crypto").createHash, readdirSync: fs.readdirSync,
  readFileSync: fs.readFileSync, statSync: fs.statSync, join: require("node:path").join };
const folderKey = (${folderKey.toString()});
const check = (${check.toString()});
for (const { folder, prefix, then } of workerData) {
  let keyed;
  try { keyed = { key: folderKey(folder, prefix, uses) }; } catch {}
  if (keyed && then !== undefined)
    try { keyed.checked = check(uses.join(then, keyed.key), uses) === true; } catch { keyed.checked = false; }
  parentPort.postMessage({ folder, keyed });
}`;
  try {
    const worker = new Worker(code, { eval: true, workerData: folders });
    worker.on("message", ({ folder, keyed }: { folder: string; keyed?: Keyed }) =>
      settle.get(folder)?.(keyed),
    );
    worker.on("error", all);
    // Not unref'd: a process awaiting a key with nothing else to do must not exit meanwhile.
    worker.on("exit", all);
  } catch {
    all();
  }
  return keys;
}
