import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
 * How a site reaches `outDir`. "swap" (a build): everything is written into a fresh folder beside
 * it, which then replaces it. "changed" (`npm run dev`): the folder is updated in place, and only
 * files whose bytes differ are written, each beside its target and renamed over it once the whole
 * site has rendered, so a served page is never half-written and an unchanged one keeps its ETag.
 * Either way a build that fails changes nothing.
 */
export type WriteMode = "swap" | "changed";

/** Writes the whole site: every output, then the copied assets. */
export async function writeSite(
  outDir: string,
  outputs: Iterable<Output>,
  assets: readonly Asset[] = [],
  mode: WriteMode = "swap",
): Promise<WriteResult> {
  const target = resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  await recoverFromCrashes(target);
  await refuseForeignFolder(target);
  const folder = mode === "swap" ? join(dirname(target), `.${basename(target)}.staging-${stamp}`) : target;
  const site = new SiteFiles(folder, mode === "changed" ? `.${stamp}.tmp` : "");
  await mkdir(folder, { recursive: true });
  try {
    site.mark();
    for (const output of outputs) site.write(output);
    for (const asset of assets) site.copy(asset);
    if (mode === "swap")
      await swap(folder, target, join(dirname(target), `.${basename(target)}.old-${stamp}`));
    else await site.settle();
    return site.result;
  } catch (error) {
    if (mode === "swap") await rm(folder, { recursive: true, force: true });
    else await site.discard();
    throw error;
  }
}

/**
 * The files of one build in `folder`: each path claimed once, and checked. With a `suffix`, a file
 * is written (as path + suffix) only when its bytes differ from what the folder holds.
 */
class SiteFiles {
  readonly result: WriteResult = { files: 0, bytes: 0, written: 0, removed: 0 };
  private readonly claims = new Map<string, string>();
  private readonly folders = new Set<string>();
  private readonly pending: string[] = [];

  constructor(
    private readonly folder: string,
    private readonly suffix: string,
  ) {}

  write(output: Output): void {
    this.claim(output.path, "a rendered document");
    const file = join(this.folder, output.path);
    this.ensureFolder(dirname(file));
    this.result.files++;
    if (!this.suffix) {
      // A string goes to the file without a Buffer of ours.
      writeFileSync(file, output.body);
      this.result.bytes += Buffer.byteLength(output.body);
      this.result.written++;
      return;
    }
    const body = Buffer.from(output.body);
    this.result.bytes += body.length;
    if (sameBytes(file, body)) return;
    // Listed before it is written, so a write that fails half-way is still cleared by discard().
    this.pending.push(output.path);
    writeFileSync(file + this.suffix, body);
  }

  /** The marker that makes the folder this tool's to replace (output-folder.ts); no file of the site. */
  mark(): void {
    this.claim(BUILD_MARKER, "the build's marker");
    writeFileSync(join(this.folder, BUILD_MARKER), MARKER_TEXT);
  }

  copy(asset: Asset): void {
    this.claim(asset.path, `the file ${asset.source}`);
    const file = join(this.folder, asset.path);
    this.ensureFolder(dirname(file));
    this.result.files++;
    if (this.suffix && sameBytes(file, readFileSync(asset.source))) return;
    if (this.suffix) this.pending.push(asset.path);
    else this.result.written++;
    copyFileSync(asset.source, file + this.suffix);
  }

  /** Puts every changed file in place and removes files no longer claimed. */
  async settle(): Promise<void> {
    for (const path of this.pending)
      await rename(join(this.folder, path + this.suffix), join(this.folder, path));
    this.result.written = this.pending.length;
    for (const entry of await readdir(this.folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name)
        .slice(this.folder.length + 1)
        .split(sep)
        .join("/");
      if (this.claims.has(path)) continue;
      await rm(join(this.folder, path), { force: true });
      this.result.removed++;
    }
  }

  async discard(): Promise<void> {
    for (const path of this.pending) await rm(join(this.folder, path + this.suffix), { force: true });
  }

  private claim(path: string, what: string): void {
    checkPath(path);
    const earlier = this.claims.get(path);
    if (earlier !== undefined) throw new WriteError(`two documents claim ${path}: ${earlier} and ${what}`);
    this.claims.set(path, what);
  }

  private ensureFolder(folder: string): void {
    if (this.folders.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
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
