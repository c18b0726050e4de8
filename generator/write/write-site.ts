import { closeSync, copyFileSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { Asset } from "../load/list-assets.ts";
import type { Output } from "../render/document.ts";
import { recoverFromCrashes } from "./recover-from-crashes.ts";

export interface WriteResult {
  files: number;
  bytes: number;
}

/** A mistake in the generator (not in the records): two documents on one path, or a path outside. */
export class WriteError extends Error {
  override name = "WriteError";
}

/**
 * A new site written into a fresh folder beside `outDir`, then swapped in. Until the swap the old
 * `outDir` is untouched, so a failed build never leaves a half-written site. Files are written as
 * they are rendered (the whole site never sits in memory), synchronously: on a local disk that is
 * several times faster than thousands of queued asynchronous writes.
 */
export class StagedSite {
  files = 0;
  bytes = 0;
  private readonly claims = new Map<string, string>();
  private readonly folders = new Set<string>();

  private constructor(
    readonly target: string,
    readonly staging: string,
    private readonly retired: string,
  ) {}

  static async open(outDir: string): Promise<StagedSite> {
    const target = resolve(outDir);
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    const beside = (what: string) => join(dirname(target), `.${basename(target)}.${what}-${stamp}`);
    const site = new StagedSite(target, beside("staging"), beside("old"));
    await recoverFromCrashes(target);
    await mkdir(site.staging, { recursive: true });
    return site;
  }

  write(output: Output): void {
    this.claim(output.path, "a rendered document");
    this.bytes += writeChecked(this.staging, output.path, contentOf(output), this.folders);
    this.files++;
  }

  copy(asset: Asset): void {
    this.claim(asset.path, `the file ${asset.source}`);
    ensureFolder(this.folders, dirname(join(this.staging, asset.path)));
    copyFileSync(asset.source, join(this.staging, asset.path));
    this.files++;
  }

  /** Records a path written into the staging folder by another thread, which counted its own bytes. */
  claim(path: string, what: string): void {
    checkPath(path);
    const earlier = this.claims.get(path);
    if (earlier !== undefined) throw new WriteError(`two documents claim ${path}: ${earlier} and ${what}`);
    this.claims.set(path, what);
  }

  get paths(): string[] {
    return [...this.claims.keys()];
  }

  async commit(): Promise<WriteResult> {
    const retired = this.retired;
    try {
      await rename(this.target, retired);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    try {
      await rename(this.staging, this.target);
    } catch (error) {
      // Put the previous site back so a failed swap changes nothing.
      await rename(retired, this.target).catch(() => undefined);
      throw error;
    }
    await rm(retired, { recursive: true, force: true });
    return { files: this.files, bytes: this.bytes };
  }

  async abort(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
}

/** Writes the whole site: every output, then the copied assets, then the swap. */
export async function writeSite(
  outDir: string,
  outputs: Iterable<Output>,
  assets: readonly Asset[] = [],
): Promise<WriteResult> {
  const site = await StagedSite.open(outDir);
  try {
    for (const output of outputs) site.write(output);
    for (const asset of assets) site.copy(asset);
    return await site.commit();
  } catch (error) {
    await site.abort();
    throw error;
  }
}

/** What a document's file holds: its body, or its parts in order (see `Output.parts`). */
export function contentOf(output: Output): Content {
  return output.parts ? output.parts() : output.body;
}

export type Content = string | Iterable<string>;

/** Writes one document under `root` at `path` (checked); returns its size in bytes. */
export function writeInto(root: string, path: string, content: Content, folders = new Set<string>()): number {
  return writeChecked(root, checkPath(path), content, folders);
}

/** `writeInto` for a path already checked (a claimed one). */
function writeChecked(root: string, path: string, content: Content, folders: Set<string>): number {
  const file = join(root, path);
  ensureFolder(folders, dirname(file));
  if (typeof content !== "string") return writeParts(file, content);
  // A string goes to the file without a Buffer of ours, which would only be freed by a later GC.
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

/**
 * Parts are gathered into writes of about 64 K characters: few system calls, and small enough to
 * stay in the processor's cache (a 20 MB list took 26 ms in batches of 256 K, 8 ms in 64 K).
 */
const BATCH = 64 * 1024;

function writeParts(file: string, parts: Iterable<string>): number {
  const fd = openSync(file, "w");
  let bytes = 0;
  try {
    let batch: string[] = [];
    let length = 0;
    const flush = () => {
      bytes += writeText(fd, batch.join(""));
      batch = [];
      length = 0;
    };
    for (const part of parts) {
      batch.push(part);
      length += part.length;
      if (length >= BATCH) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** Writes `text` as UTF-8, without a Buffer of ours unless the system wrote only part of it. */
function writeText(fd: number, text: string): number {
  const bytes = Buffer.byteLength(text);
  let at = writeSync(fd, text);
  if (at < bytes) {
    const data = Buffer.from(text);
    while (at < bytes) at += writeSync(fd, data, at);
  }
  return bytes;
}

function ensureFolder(made: Set<string>, folder: string): void {
  if (made.has(folder)) return;
  mkdirSync(folder, { recursive: true });
  made.add(folder);
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
