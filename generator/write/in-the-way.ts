import { readdirSync, rmdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The earlier build's files that an update in place must set aside before it puts its staged files
 * where they go, when a path turns from a folder into a file, or back, from one build to the next
 * (`a/b/c` last build, `a` now; or the file `a` last build, `a/x` now): files no document claims any
 * more (within one build such paths are refused: path-claims.ts). The folder they leave, where a
 * staged file goes, holds nothing but folders then (removeEmptyFolders). Each list walks the
 * other's folders once: both are short on a save.
 */
export function inTheWay(staged: readonly string[], unclaimed: readonly string[]): Set<string> {
  const files = new Set<string>();
  if (unclaimed.length === 0) return files;
  const [placed, gone] = [new Set(staged), new Set(unclaimed)];
  for (const path of unclaimed)
    for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1))
      if (placed.has(path.slice(0, at))) files.add(path);
  for (const path of staged)
    for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1))
      if (gone.has(path.slice(0, at))) files.add(path.slice(0, at));
  return files;
}

/**
 * Removes `folder` and the folders inside it, which must hold no file: rmdir refuses a folder that
 * is not empty, so a file nobody expected there stops the update (and it is undone) rather than
 * being deleted. Gone already (inside one removed before) is fine.
 */
export function removeEmptyFolders(folder: string): void {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) if (entry.isDirectory()) removeEmptyFolders(join(folder, entry.name));
  rmdirSync(folder);
}
