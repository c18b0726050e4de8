import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The SHA-256 of `prefix` and every file under `folder`, its path and bytes, in path order; a link
 * or anything not a file keys as what it is, never followed (the build refuses links).
 */
export function folderKey(folder: string, prefix: string): string {
  const hash = createHash("sha256").update(prefix);
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .map((e) => ({ e, path: join(e.parentPath, e.name).slice(folder.length + 1) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { e, path } of files) {
    if (e.isDirectory()) continue;
    hash.update(`\0${path}\0${e.isFile() ? "f" : "x"}\0`);
    if (e.isFile()) hash.update(readFileSync(join(folder, path)));
  }
  return hash.digest("hex");
}
