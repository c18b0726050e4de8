import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { resolve } from "node:path";

/** Every path the code under test passes to node:fs while `body` runs, resolved. */
export async function recordingPaths(body: () => Promise<unknown>): Promise<string[]> {
  const touched: string[] = [];
  const record = (path: unknown) => {
    if (typeof path === "string") touched.push(resolve(path));
    else if (path instanceof URL) touched.push(resolve(path.pathname));
  };
  const sync = [
    "openSync",
    "readFileSync",
    "lstatSync",
    "statSync",
    "readdirSync",
    "opendirSync",
    "realpathSync",
  ];
  const promised = ["open", "readFile", "lstat", "stat", "readdir", "opendir", "realpath"];
  const saved: Array<[Record<string, unknown>, string, unknown]> = [];
  const wrap = (target: Record<string, unknown>, name: string) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    saved.push([target, name, original]);
    target[name] = (...args: unknown[]) => {
      record(args[0]);
      return original.apply(target, args);
    };
  };
  for (const name of sync) wrap(fs as unknown as Record<string, unknown>, name);
  for (const name of promised) wrap(fs.promises as unknown as Record<string, unknown>, name);
  // ES module imports of node:fs read these bindings; this makes them see the wrappers.
  syncBuiltinESMExports();
  try {
    await body();
  } finally {
    for (const [target, name, original] of saved) target[name] = original;
    syncBuiltinESMExports();
  }
  return touched;
}
