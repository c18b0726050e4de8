import { lstatSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Whether git could find a repository from `cwd`: a `.git` in it or a folder above, or a folder that
 * may itself be one (it holds `HEAD`). False only where git's own search (from `cwd` upwards, with
 * none of the caller's GIT_*: repository-env.ts) finds none too, so "not a repository" is known
 * without starting git: about 12 ms of CPU from a large process, and the test suite builds some
 * 950 folders outside any repository. Where it says true, git is asked and decides.
 */
export function mayHoldRepository(cwd: string): boolean {
  // git looks upwards from the folder as the system names it (getcwd: links resolved), not from the
  // path it was given: a root reached through a link lies where the link leads.
  const given = resolve(cwd);
  if (above(given)) return true;
  const real = realPath(given);
  // A folder that cannot be resolved is missing: git cannot run in it either.
  return real !== undefined && real !== given && above(real);
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

function above(start: string): boolean {
  for (let dir = start; ; dir = dirname(dir)) {
    if (present(join(dir, ".git")) || present(join(dir, "HEAD"))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** Anything by that name, a link that leads nowhere too (git would look at it). */
const present = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false }) !== undefined;
