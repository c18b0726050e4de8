import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

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
    if (holder === undefined) continue; // given back in between
    // Our own id on a lock we do not hold: a dead build's, whose id this process was given again.
    if (!isAlive(holder) || (holder === process.pid && !held.has(lock))) breakLock(lock, holder);
    else if (Date.now() > deadline) {
      const message = `${target} is being written by another build (process ${holder}) for over ${Math.round(waitMs / 1000)} s; wait for it to finish or stop it, then build again.`;
      throw Object.assign(new Error(message), { code: "ELOCKED" });
    } else await sleep(50);
  }
}

/** Takes the lock, or answers who holds it. Linking a written file never shows an empty lock. */
function tryLock(lock: string): "taken" | number | undefined {
  const mine = `${lock}-${process.pid}-${Math.random().toString(36).slice(2)}`;
  if (!existsSync(dirname(lock))) mkdirSync(dirname(lock), { recursive: true });
  writeFileSync(mine, String(process.pid));
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
function breakLock(lock: string, stale: number): void {
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

/** The process a lock names: undefined once the lock is gone, 0 for a lock that names none. */
function holderOf(lock: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(lock, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return /^[1-9]\d*$/.test(text) ? Number(text) : 0;
}

/** Whether a process runs (this one included); one of another user counts as running. */
function isAlive(pid: number): boolean {
  if (pid <= 0) return false; // 0 and below name process groups, never one build
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
