import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { realFolder } from "../load/real-folder.ts";
import type { InitPlan } from "./init-event.ts";

/**
 * Makes the changes of an init plan under `root`, all or none: every removed or replaced file is
 * first moved into a folder beside them (same disk, so each move is one rename) and each new file
 * is written there before it is renamed into place. Copies (an archived edition's files) come
 * first, from the files as they were, and never replace a file. If any step fails, the steps done
 * are undone in reverse and the checkout is as it was; the set-aside files are deleted only once
 * all is done.
 */
export async function applyPlan(
  root: string,
  plan: Pick<InitPlan, "writes" | "removals"> & Partial<Pick<InitPlan, "copies">>,
): Promise<void> {
  const copies = plan.copies ?? [];
  const changed = [...plan.removals, ...plan.writes.keys(), ...copies.flatMap((c) => [c.from, c.to])];
  // A linked folder would carry every rename and removal out of the checkout: refused before any.
  for (const folder of new Set(changed.map((path) => dirname(path)))) {
    const found = realFolder(root, folder);
    if (typeof found === "object")
      throw new Error(`${found.message}: init changes files there, never through a link. ${found.fix}`);
  }
  const aside = await mkdtemp(join(root, ".init-undo-"));
  const undo: Array<() => Promise<unknown>> = [];
  let n = 0;
  const setAside = async (path: string): Promise<boolean> => {
    const kept = join(aside, `old-${n++}`);
    try {
      await rename(join(root, path), kept);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
    undo.push(() => rename(kept, join(root, path)));
    return true;
  };
  const madeFor = async (path: string) => {
    const made = await mkdir(dirname(join(root, path)), { recursive: true });
    if (made) undo.push(() => rm(made, { recursive: true, force: true }));
  };
  try {
    for (const { from, to } of copies) {
      const fresh = join(aside, `new-${n++}`);
      await copyFile(join(root, from), fresh);
      // A copy never replaces a file: one already there stops the plan, which is then undone.
      if (existsSync(join(root, to)))
        throw new Error(`${to} is already there: init copies no file over another`);
      await madeFor(to);
      await rename(fresh, join(root, to));
      undo.push(() => rm(join(root, to), { force: true }));
    }
    for (const path of plan.removals) await setAside(path);
    for (const [path, text] of plan.writes) {
      const fresh = join(aside, `new-${n++}`);
      await writeFile(fresh, text);
      await madeFor(path);
      await setAside(path);
      await rename(fresh, join(root, path));
      undo.push(() => rm(join(root, path), { force: true }));
    }
  } catch (error) {
    const stuck: string[] = [];
    for (const step of undo.reverse()) await step().catch((e: Error) => stuck.push(e.message));
    // What could not be put back is still in the set-aside folder: it is never deleted then.
    if (stuck.length)
      throw new Error(
        `${(error as Error).message}; undoing failed too (${stuck.join("; ")}): the files init set aside are in ${aside}`,
      );
    await rm(aside, { recursive: true, force: true });
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
}
