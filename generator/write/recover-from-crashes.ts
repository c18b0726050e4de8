import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { JOURNAL, SET_ASIDE, STAGED } from "./site-files.ts";

/**
 * A build killed mid-way leaves its staging folder beside the site, one killed while swapping may
 * leave the previous site renamed aside, and one killed while updating the site in place may leave
 * it half-updated. A previous site that never got its successor is put back, a half-done update is
 * undone, and the folders are cleared. Called with the output's lock held (output-lock.ts): no other
 * build is writing, so every such folder beside the site is a dead build's, whatever its process id
 * names now.
 */
export async function recoverFromCrashes(target: string): Promise<void> {
  const parent = dirname(target);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(target))}\\.(staging|old)-\\d+-[a-z0-9]+$`);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const match = pattern.exec(name);
    if (!match) continue;
    const folder = join(parent, name);
    if (match[1] === "staging") undoUpdate(folder, target);
    if (match[1] === "old") {
      try {
        await rename(folder, target);
        continue;
      } catch {
        // The site was swapped in after all; the old one is only left over.
      }
    }
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Undoes an in-place update killed while putting its files in place (site-files.ts' settle): a file
 * put where none stood goes, and every file set aside goes back. Only a finished journal counts: it
 * is written before the first rename.
 */
function undoUpdate(staging: string, target: string): void {
  let staged: string[];
  try {
    staged = JSON.parse(readFileSync(join(staging, JOURNAL), "utf8")) as string[];
  } catch {
    return;
  }
  const aside = join(staging, SET_ASIDE);
  for (const path of staged)
    if (!existsSync(join(staging, STAGED, path)) && !existsSync(join(aside, path)))
      rmSync(join(target, path), { force: true });
  const setAside = existsSync(aside) ? readdirSync(aside, { recursive: true, withFileTypes: true }) : [];
  for (const entry of setAside) {
    if (!entry.isFile()) continue;
    const to = join(target, relative(aside, join(entry.parentPath, entry.name)));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(join(entry.parentPath, entry.name), to);
  }
  rmSync(join(staging, JOURNAL));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
