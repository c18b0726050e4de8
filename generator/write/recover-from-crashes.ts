import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { lstat, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import { previousBuild } from "./output-folder.ts";
import { checkPath, JOURNAL, SET_ASIDE, STAGED } from "./site-files.ts";

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
    // A build leaves real folders only; renaming a link into the site, or reading a journal through
    // one, would act on whatever it points at.
    const kind = await lstat(folder);
    if (!kind.isDirectory())
      refuse(`${folder} is ${kind.isSymbolicLink() ? "a symbolic link" : "not a folder"}`, target, folder);
    if (match[1] === "staging") await undoUpdate(folder, target);
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
async function undoUpdate(staging: string, target: string): Promise<void> {
  const journal = join(staging, JOURNAL);
  let staged: unknown;
  try {
    staged = JSON.parse(readFileSync(journal, "utf8"));
  } catch {
    return;
  }
  // Every path is checked before anything is touched, and any bad one refuses the whole journal
  // (fail closed) rather than skipping that entry: the writer never writes such a path, so the
  // journal is not its own, and its other entries cannot be trusted to name the site's files either.
  if (!Array.isArray(staged)) refuse(`${journal} is not a list of paths`, target, staging);
  const paths = (staged as unknown[]).map((path) => checked(path, journal, target, staging));
  const aside = setAside(join(staging, SET_ASIDE), target, staging);
  // An update in place is only ever made into a build's folder without links (previousBuild): one
  // that holds a link now would carry these deletes and renames to wherever the link points.
  if (existsSync(target) && (await previousBuild(target)) === undefined)
    refuse(`${target} holds a link or a file that is not a build's`, target, staging);
  for (const path of paths)
    if (!existsSync(join(staging, STAGED, path)) && !existsSync(join(staging, SET_ASIDE, path)))
      rmSync(join(target, path), { force: true });
  for (const path of aside) {
    const to = join(target, path);
    mkdirSync(dirname(to), { recursive: true });
    renameSync(join(staging, SET_ASIDE, path), to);
  }
  rmSync(journal);
}

/** The files set aside in `folder`, each checked as the writer checks its paths; none if none. */
function setAside(folder: string, target: string, staging: string): string[] {
  const kind = lstatSync(folder, { throwIfNoEntry: false });
  if (kind === undefined) return [];
  if (!kind.isDirectory()) refuse(`${folder} is not a folder`, target, staging);
  const files: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/");
    if (entry.isFile()) files.push(checked(path, folder, target, staging));
    else if (!entry.isDirectory()) refuse(`${folder} holds ${path}, which is not a file`, target, staging);
  }
  return files;
}

/** `path` if the writer would write it (site-files.ts' checkPath), else a refusal naming `where`. */
function checked(path: unknown, where: string, target: string, staging: string): string {
  try {
    if (typeof path === "string") return checkPath(path);
  } catch {
    // Refused below, with where the path came from.
  }
  return refuse(
    `${where} names ${JSON.stringify(path)}, which is not a path inside ${target}`,
    target,
    staging,
  );
}

/** Stops recovery with nothing undone or removed: what was found, and what to do. */
function refuse(found: string, target: string, leftover: string): never {
  const message = `${found}; a build leaves no such thing, so nothing was undone or removed. Look at ${target} (a build may have died half-way through updating it), then remove ${leftover} yourself and build again.`;
  // A code, as a system error has: the command prints the message alone, not a stack.
  throw Object.assign(new Error(message), { code: "ERECOVER" });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
