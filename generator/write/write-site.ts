import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { Asset } from "../load/list-assets.ts";
import type { Output } from "../render/shared/document.ts";
import { BUILD_MARKER, MARKER_TEXT, refuseForeignFolder } from "./output-folder.ts";
import { recoverFromCrashes } from "./recover-from-crashes.ts";

export interface WriteResult {
  files: number;
  bytes: number;
  /** Files whose bytes were written: all of them, unless only changed files are written. */
  written: number;
  /** Files removed because no document claims them any more (only when writing changes). */
  removed: number;
}

/** A mistake in the generator (not in the records): two documents on one path, or a path outside. */
export class WriteError extends Error {
  override name = "WriteError";
}

/**
 * Writes the whole site: every output, then the copied assets, into a staging folder beside
 * `outDir`. A folder an earlier build wrote (it holds the marker) is updated in place: only files
 * whose bytes differ are staged, then each is renamed over its target and files no document claims
 * any more are removed, so an unchanged page keeps its file (and its ETag). Any other folder (new,
 * empty, or an older build's) is replaced whole by the staging folder. Either way a reader never
 * sees a half-written file, and a build that fails before the end changes nothing.
 */
export async function writeSite(
  outDir: string,
  outputs: Iterable<Output>,
  assets: readonly Asset[] = [],
): Promise<WriteResult> {
  const target = resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  await recoverFromCrashes(target);
  await refuseForeignFolder(target);
  const staging = join(dirname(target), `.${basename(target)}.staging-${stamp}`);
  const inPlace = existsSync(join(target, BUILD_MARKER));
  const site = new SiteFiles(staging, inPlace ? target : undefined);
  await mkdir(staging, { recursive: true });
  try {
    site.write({ path: BUILD_MARKER, body: MARKER_TEXT }, "the build's marker");
    for (const output of outputs) site.write(output, "a rendered document");
    for (const asset of assets) site.copy(asset);
    if (inPlace) await site.settle();
    else await swap(staging, target, join(dirname(target), `.${basename(target)}.old-${stamp}`));
    return site.result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The files of one build, staged in `folder`: each path claimed once, and checked. With a `target`
 * to update, a file is staged only when its bytes differ from the target's.
 */
class SiteFiles {
  readonly result: WriteResult = { files: 0, bytes: 0, written: 0, removed: 0 };
  private readonly claims = new Map<string, string>();
  private readonly folders = new Set<string>();
  private readonly staged: string[] = [];

  constructor(
    private readonly folder: string,
    private readonly target: string | undefined,
  ) {}

  write(output: Output, what: string): void {
    const counted = this.claim(output.path, what);
    // A string goes to the file without a Buffer of ours, unless it is compared first.
    const body = this.target === undefined ? output.body : Buffer.from(output.body);
    if (counted) this.result.bytes += Buffer.byteLength(body);
    if (this.target !== undefined && sameBytes(join(this.target, output.path), body as Buffer)) return;
    writeFileSync(this.stage(output.path), body);
  }

  copy(asset: Asset): void {
    this.claim(asset.path, `the file ${asset.source}`);
    if (this.target !== undefined && sameBytes(join(this.target, asset.path), readFileSync(asset.source)))
      return;
    copyFileSync(asset.source, this.stage(asset.path));
  }

  /** Puts every staged file in place and removes the target's files that no document claims. */
  async settle(): Promise<void> {
    const target = this.target!;
    const folders = new Set<string>();
    for (const path of this.staged) {
      const file = join(target, path);
      if (!folders.has(dirname(file))) mkdirSync(dirname(file), { recursive: true });
      folders.add(dirname(file));
      renameSync(join(this.folder, path), file);
    }
    for (const entry of await readdir(target, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name)
        .slice(target.length + 1)
        .split(sep)
        .join("/");
      if (this.claims.has(path)) continue;
      await rm(join(target, path), { force: true });
      this.result.removed++;
    }
  }

  /** The staging file for `path`, its folder made; the path is counted as written. */
  private stage(path: string): string {
    const file = join(this.folder, path);
    const folder = dirname(file);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    this.staged.push(path);
    if (path !== BUILD_MARKER) this.result.written++;
    return file;
  }

  /** Claims `path` for `what`; whether it counts as a file of the site (the marker does not). */
  private claim(path: string, what: string): boolean {
    checkPath(path);
    const earlier = this.claims.get(path);
    if (earlier !== undefined) throw new WriteError(`two documents claim ${path}: ${earlier} and ${what}`);
    this.claims.set(path, what);
    if (path === BUILD_MARKER) return false;
    this.result.files++;
    return true;
  }
}

/** Swaps `staging` in for `target`, putting the previous site back if the swap fails. */
async function swap(staging: string, target: string, retired: string): Promise<void> {
  try {
    await rename(target, retired);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(retired, target).catch(() => undefined);
    throw error;
  }
  await rm(retired, { recursive: true, force: true });
}

function sameBytes(file: string, body: Buffer): boolean {
  try {
    return readFileSync(file).equals(body);
  } catch {
    return false;
  }
}

export function checkPath(path: string): string {
  const parts = path.split("/");
  const bad =
    path === "" ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("\0") ||
    parts.some((part) => part === "" || part === "." || part === "..");
  // Plain segments name the same file under the folder on POSIX; where the platform reads more into
  // a path (a drive letter on Windows), resolving it must give it back unchanged.
  if (
    bad ||
    (sep !== "/" &&
      resolve("/site", path)
        .slice("/site".length + 1)
        .split(sep)
        .join("/") !== path)
  )
    throw new WriteError(`refusing to write outside the output folder: ${JSON.stringify(path)}`);
  return path;
}
