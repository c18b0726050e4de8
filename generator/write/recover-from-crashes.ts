import { readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * A build killed mid-way leaves its staging folder beside the site, and one killed inside `commit`
 * may leave the previous site renamed aside. Folders of processes that are gone are cleared, and a
 * previous site that never got its successor is put back.
 */
export async function recoverFromCrashes(target: string): Promise<void> {
  const parent = dirname(target);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(target))}\\.(staging|old)-(\\d+)-[a-z0-9]+$`);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const match = pattern.exec(name);
    if (!match || isAlive(Number(match[2]))) continue;
    const folder = join(parent, name);
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

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
