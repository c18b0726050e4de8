import { rmdirSync } from "node:fs";

/**
 * Removes the folders that an update's removed files (`gone`, paths in `target`) leave empty, deepest
 * first, up to but not including `target`: without it a removed edition or team left its tree of
 * empty folders behind in `dist/` (a newcomer's undo of `--next-edition` left 20). A folder still
 * holding anything stays (rmdir refuses it).
 */
export function removeEmptiedFolders(target: string, gone: readonly string[]): void {
  const folders = new Set<string>();
  for (const path of gone)
    for (let at = path.lastIndexOf("/"); at > 0; at = path.lastIndexOf("/", at - 1)) {
      const folder = path.slice(0, at);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  const deepestFirst = [...folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const folder of deepestFirst)
    try {
      rmdirSync(`${target}/${folder}`);
    } catch {
      // Not empty (another file, or a folder that stays), gone already, or not ours to remove: an
      // empty folder left is harmless, and the update it follows is whole; nothing fails for it.
    }
}
