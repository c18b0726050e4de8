import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * Calls `changed` with the path that changed (relative to `root`, `/`-separated; undefined when the
 * system does not say) after any change under `folders`, however an editor saves: a
 * write in place, a write beside and a rename over (`sed -i`, vim), a delete and a re-create. Each
 * folder is watched itself, not its files, so a file replaced by another is still seen; folders made
 * later, or removed and made again, or replaced by a rename, are watched from the next change on.
 * Returns a function that stops watching.
 */
export function watchFolders(
  root: string,
  folders: readonly string[],
  changed: (path: string | undefined) => void,
): () => void {
  // A watch follows the folder it was given, not its path: a folder made again at the path (a branch
  // checked out) or renamed over it is another one, known by its inode and, as inodes are reused at
  // once, its birth time.
  const watchers = new Map<string, { watcher: FSWatcher; id: string }>();
  let scanning: NodeJS.Timeout | undefined;
  const scan = () => {
    const seen = new Map<string, string>();
    for (const folder of folders)
      for (const dir of foldersUnder(join(root, folder))) {
        const id = folderId(dir);
        if (id) seen.set(dir, id);
      }
    for (const [dir, { watcher, id }] of watchers)
      if (seen.get(dir) !== id) {
        watcher.close();
        watchers.delete(dir);
      }
    for (const [dir, id] of seen) {
      if (watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, (_event, name) => {
          changed(name ? relative(root, join(dir, name)).split(sep).join("/") : undefined);
          // Folders made or removed are looked for once a burst of events is over.
          clearTimeout(scanning);
          scanning = setTimeout(scan, 50);
        });
        watcher.on("error", () => undefined);
        watchers.set(dir, { watcher, id });
      } catch {
        // Gone between the listing and the watch: the next scan settles it.
      }
    }
  };
  scan();
  return () => {
    clearTimeout(scanning);
    for (const { watcher } of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/** `dir` and every folder below it (links are not followed), or none when it does not exist. */
function foldersUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return [dir, ...entries.filter((e) => e.isDirectory()).flatMap((e) => foldersUnder(join(dir, e.name)))];
}

/** Which folder is at `dir` now (`dev:ino:birth`), or undefined when none is. */
function folderId(dir: string): string | undefined {
  const found = statSync(dir, { throwIfNoEntry: false });
  return found ? `${found.dev}:${found.ino}:${found.birthtimeMs}` : undefined;
}
