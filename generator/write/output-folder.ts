import { existsSync, lstatSync, readlinkSync, realpathSync, type Stats } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";

/** What a build writes into its output folder, so a later build knows the folder is its own to update. */
export const BUILD_MARKER = ".hackathon-registry-build";
export const MARKER_TEXT =
  "Written by hackathon-registry's build: the next build updates this folder, removing every file it does not write.\n";
/** The folders of a checkout that hold what the site is built from, or the tools. */
const SOURCES = ["records", "site", "generator", "test", ".github", ".git", "node_modules"];

/**
 * Refuses, before anything is written, an output folder that is the project's root, contains it,
 * or is or lies inside one of its source folders: a build removes every file of its output folder that it does not write, so
 * `--out records` would delete every record. Links are followed, so a link to records/ is refused too.
 */
export function refuseSourceFolder(outDir: string, roots: readonly string[]): void {
  const out = real(resolve(outDir));
  for (const root of roots.map((r) => real(resolve(r)))) {
    if (inside(root, out))
      throw new Error(
        `--out ${outDir} is ${out === root ? "the project's root" : `a folder that holds the project (${root})`}; a build removes every file of its output folder that it does not write, so it would delete the sources. Choose a folder of its own, such as dist.`,
      );
    for (const name of SOURCES) {
      const source = real(join(root, name));
      if (inside(out, source))
        throw new Error(
          `--out ${outDir} is ${out === source ? "" : "inside "}${name}/ of ${root}, which holds sources; a build removes every file of its output folder that it does not write, so it would delete them. Choose a folder of its own, such as dist.`,
        );
    }
  }
}

/**
 * Refuses, before anything is written, an output path that is there and is not a folder: a build
 * replaces its output whole, so `--out README.md` would delete the file (a pipe, socket or device
 * likewise). A link is refused even to a folder: the writer never writes through one (previousBuild),
 * and its lock and staging folder would stand beside the link, not the folder. Not there yet is fine.
 */
export function refuseNotFolder(target: string): void {
  const found = lstatSync(target, { throwIfNoEntry: false });
  if (found === undefined || found.isDirectory()) return;
  const link = found.isSymbolicLink();
  const message = link
    ? `${target} is a symbolic link (to ${readlinkSync(target)}), not a folder: a build never writes through a link, and replacing its output whole would remove it. Build into the folder itself, or remove the link.`
    : `${target} is ${kindOf(found)}, not a folder: a build replaces its output folder whole, so it would delete it. Choose a folder's path (a new one is made), or move it away yourself.`;
  throw Object.assign(new Error(message), { code: "ENOTFOLDER" });
}

/** What a file system entry is, in words, for a refusal. */
export function kindOf(found: Stats): string {
  if (found.isSymbolicLink()) return "a symbolic link";
  if (found.isDirectory()) return "a folder";
  if (found.isFile()) return "a file";
  if (found.isFIFO()) return "a named pipe";
  if (found.isSocket()) return "a socket";
  return found.isBlockDevice() || found.isCharacterDevice() ? "a device" : "not a file or folder";
}

/**
 * Refuses to replace a folder with files that no build wrote (no marker). Sites built before the
 * marker existed are known by their API index.
 */
export async function refuseForeignFolder(target: string): Promise<void> {
  // Only a folder not there yet is empty; refuseNotFolder has turned away anything else.
  const entries = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  if (!entries?.length || entries.includes(BUILD_MARKER)) return;
  const index = await readFile(join(target, "api/index.json"), "utf8").catch(() => "");
  if (/"object": "index"/.test(index)) return;
  // A code, as a system error has: the command prints the message alone, not a stack.
  const message = `${target} holds files a build did not write (it has no ${BUILD_MARKER}), and a build removes every file of its output folder that it does not write. Choose a new or empty folder, or remove this one yourself.`;
  throw Object.assign(new Error(message), { code: "ENOTBUILT" });
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + sep);

/** The path with links resolved as far as it exists. */
function real(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  return parent === path ? path : join(real(parent), basename(path));
}

/**
 * The files of a folder an earlier build wrote (it holds the marker), to update in place; undefined
 * for any other folder, and for one that holds anything but files and folders, which is replaced
 * whole instead: nothing is ever written through a link to outside the folder, and a named pipe,
 * socket or device is never opened to compare (a pipe would wait for a writer for good).
 */
export async function previousBuild(given: string): Promise<string[] | undefined> {
  // Read as resolved (no trailing slash, `.` or `..`), so each entry's folder starts with it.
  const folder = resolve(given);
  if (!existsSync(join(folder, BUILD_MARKER))) return undefined;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  if (entries.some((entry) => !entry.isFile() && !entry.isDirectory())) return undefined;
  // Each entry's folder is `folder` or below it: its path is cut, not worked out (0.04 s at 40,000).
  const cut = folder.endsWith(sep) ? folder.length : folder.length + 1;
  // Where the separator is "/" already, a path is not cut and joined again (42,000 each save in dev).
  const posix = sep === "/";
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path =
        entry.parentPath.length <= folder.length
          ? entry.name
          : `${entry.parentPath.slice(cut)}${sep}${entry.name}`;
      return posix ? path : path.split(sep).join("/");
    });
}
