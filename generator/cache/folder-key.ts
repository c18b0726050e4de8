import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The SHA-256 of `prefix` and every file under `folder`, its path, length and bytes, in path order;
 * a link or anything not a file keys as what it is, never followed (the build refuses links).
 */
export function folderKey(folder: string, prefix: string): string {
  const hash = createHash("sha256").update(prefix);
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .map((e) => ({ e, path: join(e.parentPath, e.name).slice(folder.length + 1) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { e, path } of files) {
    if (e.isDirectory()) continue;
    if (!e.isFile()) {
      hash.update(`\0${path}\0x\0`);
      continue;
    }
    // Each file's length before its bytes: without it, bytes that read as the next file's header
    // (an image can hold any) give the key of another folder (test/cache/folder-key.test.ts).
    const bytes = readFileSync(join(folder, path));
    hash.update(`\0${path}\0f${bytes.length}\0`).update(bytes);
  }
  return hash.digest("hex");
}
