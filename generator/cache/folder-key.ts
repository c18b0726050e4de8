import { createHash } from "node:crypto";
import { readFileSync, type Dirent } from "node:fs";
import { listTree, UnreadableNames } from "../load/list-tree.ts";
import { resolve, sep } from "node:path";

/**
 * The SHA-256 of `prefix` and every file under `folder`, its path, length and bytes, in path order;
 * a link or anything not a file keys as what it is, never followed (the build refuses links).
 */
export function folderKey(given: string, prefix: string): string {
  // As readdir names the folders under it (each entry's parentPath starts with it).
  const folder = resolve(given);
  const hash = createHash("sha256").update(prefix);
  // Paths relative to `folder`, sorted as strings (code units), and what each is; a path built by
  // appending, not by join(), 20,000 times a Publish (issue 57).
  const start = folder.length + 1;
  const kinds = new Map<string, Dirent>();
  // Read as bytes (list-tree.ts): a name that is not UTF-8 stops the build with the build's error.
  const { entries, unreadable } = listTree(folder);
  if (unreadable.length) throw new UnreadableNames(unreadable);
  for (const e of entries)
    if (!e.isDirectory())
      kinds.set(e.parentPath.length < start ? e.name : `${e.parentPath.slice(start)}${sep}${e.name}`, e);
  for (const path of [...kinds.keys()].sort()) {
    if (!kinds.get(path)!.isFile()) {
      hash.update(`\0${path}\0x\0`);
      continue;
    }
    // Each file's length before its bytes: without it, bytes that read as the next file's header
    // (an image can hold any) give the key of another folder (test/cache/folder-key.test.ts).
    const bytes = readFileSync(`${folder}${sep}${path}`);
    hash.update(`\0${path}\0f${bytes.length}\0`).update(bytes);
  }
  return hash.digest("hex");
}
