import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { kindOf } from "./output-folder.ts";

/** How long a build waits for another one writing the same folder before it gives up. */
export const LOCK_WAIT_MS = 120_000;
/** The locks this process holds. */
const held = new Set<string>();

/**
 * Takes the folder for one build: a lock file beside it names the process writing it, and a second
 * build (`npm run build` while `npm run dev` rebuilds) waits until it is gone. Two updates in place
 * at once would set aside each other's files, and a failing one would put back stale ones. A lock
 * whose process is gone is taken over. Resolves with the function that gives the folder back.
 */
export async function lockOutput(target: string, waitMs = LOCK_WAIT_MS): Promise<() => void> {
  const lock = join(dirname(target), `.${basename(target)}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const holder = tryLock(lock);
    if (holder === "taken") {
      held.add(lock);
      return () => {
        held.delete(lock);
        unlinkSync(lock);
      };
    }
    // Our own id on a lock we do not hold: a dead build's, whose id this process was given again.
    const stale = holder !== undefined && (!isAlive(holder) || (holder === process.pid && !held.has(lock)));
    if (stale) breakLock(lock, holder);
    else if (Date.now() > deadline) {
      const by = holder === undefined ? "" : ` (process ${holder})`;
      const message = `${target} is being written by another build${by} for over ${Math.round(waitMs / 1000)} s; wait for it to finish or stop it, then build again.`;
      throw Object.assign(new Error(message), { code: "ELOCKED" });
    } else if (holder !== undefined) await sleep(50); // undefined: given back in between, so at once
  }
}

/**
 * Takes the lock, or answers who holds it. Linking a written file never shows an empty lock. `text`
 * begins with this process's id; a serving claim (serving-claim.ts) adds its command's name.
 */
export function tryLock(lock: string, text = String(process.pid)): "taken" | number | undefined {
  const mine = `${lock}-${process.pid}-${Math.random().toString(36).slice(2)}`;
  if (!existsSync(dirname(lock))) mkdirSync(dirname(lock), { recursive: true });
  writeFileSync(mine, text);
  try {
    linkSync(mine, lock);
    return "taken";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return holderOf(lock);
  } finally {
    unlinkSync(mine);
  }
}

/**
 * Removes the lock of a process that is gone. It is renamed away first, so of two builds that both
 * found it stale only one removes it; one that took a live lock by then puts it back.
 */
export function breakLock(lock: string, stale: number): void {
  const moved = `${lock}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(lock, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // another build removed it
    throw error;
  }
  const holder = holderOf(moved);
  if (holder !== stale && isAlive(holder ?? 0)) {
    try {
      linkSync(moved, lock);
    } catch {
      // A third build holds the lock already: a race of three with a dead one, left.
    }
  }
  unlinkSync(moved);
}

/** The process a lock names (its first line): undefined once the lock is gone, 0 for a lock that names none. */
export function holderOf(lock: string): number | undefined {
  const text = lockText(lock);
  if (text === undefined) return undefined;
  const pid = /^([1-9]\d*)(\n|$)/.exec(text)?.[1];
  return pid === undefined ? 0 : Number(pid);
}

/**
 * What a lock file holds, undefined once it is gone. A lock that is not a plain file (a link, even
 * to nothing, a folder, a pipe) no build made: refused, not taken over, as we cannot tell who put it
 * there; it is never read through nor waited on.
 */
export function lockText(lock: string): string | undefined {
  const found = lstatSync(lock, { throwIfNoEntry: false });
  if (found === undefined) return undefined;
  if (!found.isFile()) refuseLock(lock, found);
  let fd: number;
  try {
    // Should something else have taken the file's place since: no link followed, no pipe waited on.
    fd = openSync(lock, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) refuseLock(lock, opened);
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

function refuseLock(lock: string, found: Stats): never {
  const message = `${lock} is ${kindOf(found)}, where a build keeps its lock, a plain file naming the build's process; a build never makes such a thing, so it neither waits on it nor takes it over. Remove it yourself, then build again.`;
  throw Object.assign(new Error(message), { code: "EBADLOCK" });
}

/** Whether a process runs (this one included); one of another user counts as running. */
export function isAlive(pid: number): boolean {
  if (pid <= 0) return false; // 0 and below name process groups, never one build
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
