import type { Stats } from "node:fs";

/**
 * What a copy kept in memory was made from: the file's inode, size and modification time. A
 * rebuild that rewrites a file or swaps in a new folder changes it, so a stale copy is never sent.
 */
export function stampOf(stats: Stats): string {
  return `${stats.ino}-${stats.size}-${stats.mtimeMs}`;
}
