import {
  copyFileSync,
  statSync,
  lstatSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { Asset } from "../load/list-assets.ts";
import type { Body, Output } from "../render/shared/document.ts";
import { removeEmptiedFolders } from "./emptied-folders.ts";
import { inTheWay, removeEmptyFolders } from "./in-the-way.ts";
import { linkOrCopy } from "./link-or-copy.ts";
import { BUILD_MARKER } from "./output-folder.ts";
import type { PageManifest } from "./page-manifest.ts";
import type { PathClaims, PathState } from "./path-claims.ts";
import { WriteError } from "./write-error.ts";
import { writeInParts } from "./write-in-parts.ts";

/** In a staging folder: the files staged, the files an update set aside, and the update's journal. */
export const [STAGED, SET_ASIDE, JOURNAL] = ["site", "previous", "putting-in-place.json"];

export interface WriteResult {
  files: number;
  bytes: number;
  /** Files whose bytes were written: all of them into a new folder, the changed ones into a build's. */
  written: number;
  /** Files of an earlier build removed because no document claims them any more. */
  removed: number;
}

export { WriteError };
/** Where it was before it had a module of its own (recover-from-crashes.ts reads it from here). */
export { checkPath } from "./check-path.ts";

/**
 * The files of one build, staged in `folder`: each path claimed once, and checked. With a `target`
 * to update, a file is staged only when its bytes differ from the target's.
 */
export class SiteFiles {
  readonly result: WriteResult = { files: 0, bytes: 0, written: 0, removed: 0 };
  /** The target's files' states as this build listed them (undefined: a path not claimed before). */
  private readonly listed: ReadonlyArray<PathState | undefined>;
  private readonly folders = new Set<string>();
  private readonly staged: string[] = [];
  private readonly links = { off: false };
  /** Where the files are staged, and where an update sets aside the files it replaces. */
  readonly folder: string;
  private readonly previous: string;

  /**
   * `target`: the folder an earlier build wrote, to update, and the files it holds; `manifest`: which
   * of them were rendered from which view, and where this build records its own; `claims`: the
   * paths, with this build begun (`npm run dev` keeps them from build to build: path-claims.ts).
   */
  constructor(
    private readonly staging: string,
    private readonly target: { folder: string; files: readonly string[] } | undefined,
    private readonly claims: PathClaims,
    private readonly manifest?: PageManifest,
  ) {
    [this.folder, this.previous] = [join(staging, STAGED), join(staging, SET_ASIDE)];
    this.listed = target ? claims.list(target.files) : [];
  }

  /**
   * Writes one document. One made from a view whose file an earlier build rendered from an equal
   * view is left as it is, not rendered (page-manifest.ts); any other is rendered and compared.
   */
  write(output: Output, what: string): void {
    const state = this.claim(output.path, what);
    const counted = output.path !== BUILD_MARKER;
    if (!("view" in output)) return void this.place(output.path, output.body, counted);
    const key = this.manifest?.key(output, state);
    const kept = key === undefined ? undefined : this.manifest!.reuse(output.path, key, state);
    if (kept !== undefined) {
      if (counted) this.result.bytes += kept;
      return;
    }
    const file = this.place(output.path, output.render(output.view), counted);
    if (key !== undefined) this.manifest!.record(state, key, statSync(file));
  }

  /** Stages `body` at `path` unless the target's file holds the same bytes; the file that holds them now. */
  private place(path: string, body: Body, counted: boolean): string {
    if (typeof body !== "string") return this.writeParts(path, body, counted);
    // A string goes to the file without a Buffer of ours, unless it is compared first.
    const bytes = this.target === undefined ? body : Buffer.from(body);
    if (counted) this.result.bytes += Buffer.byteLength(bytes);
    const placed = this.target && join(this.target.folder, path);
    if (placed && sameBytes(placed, bytes as Buffer)) return placed;
    const file = this.stage(path);
    writeFileSync(file, bytes);
    return file;
  }

  /** A body in parts, written as it comes (write-in-parts.ts); an unchanged file is dropped again. */
  private writeParts(path: string, parts: Iterable<string>, counted: boolean): string {
    const file = this.stagingFile(path);
    this.ensureFolder(dirname(file));
    const placed = this.target && join(this.target.folder, path);
    const { bytes, same } = writeInParts(file, parts, placed);
    if (counted) this.result.bytes += bytes;
    if (!same) return this.stage(path);
    unlinkSync(file);
    return placed!;
  }

  /** Copies a file (one the build keeps, `asset.kept`, as a second link where it can: link-or-copy.ts). */
  copy(asset: Asset): void {
    this.claim(asset.path, `the file ${asset.source}`, asset.source);
    const placed = this.target && join(this.target.folder, asset.path);
    if (
      placed &&
      ((asset.kept && sameFile(placed, asset.source)) || sameBytes(placed, readFileSync(asset.source)))
    )
      return;
    if (asset.kept) linkOrCopy(asset.source, this.stage(asset.path), this.links);
    else copyFileSync(asset.source, this.stage(asset.path));
  }

  /**
   * Puts every staged file in place and removes the target's files that no document claims, each
   * previous file set aside first: if any step fails, every step done is undone, so a failed build
   * leaves the folder as it was. A file replaced is set aside as a second link, so its path never
   * goes missing: each rename swaps one whole file for another.
   */
  settle(): void {
    const target = this.target!.folder;
    const unclaimed = this.target!.files.filter((path, i) => !this.claims.claimedNow(path, this.listed[i]));
    // Each step that succeeded, undone in reverse order if a later one fails.
    const undo: Array<() => void> = [];
    const step = (from: string, to: string) => {
      this.move(from, to);
      undo.push(() => this.move(to, from));
    };
    // Before the first rename: a build killed from here on is undone by the next (recover-from-crashes.ts).
    writeFileSync(join(this.staging, JOURNAL), JSON.stringify(this.staged));
    try {
      // A path that was a folder and is a file now, or back (in-the-way.ts): cleared first.
      const way = inTheWay(this.staged, unclaimed);
      for (const path of way) step(join(target, path), join(this.previous, path));
      for (const path of this.staged) {
        const [placed, aside] = [join(target, path), join(this.previous, path)];
        const found = lstatSync(placed, { throwIfNoEntry: false });
        // A folder where the file goes holds no file now (in the way, set aside above; or an
        // earlier update's emptied folder): it goes, and comes back if the update is undone.
        if (found?.isDirectory()) {
          removeEmptyFolders(placed);
          this.folders.clear();
          undo.push(() => mkdirSync(placed, { recursive: true }));
        }
        if (!found || found.isDirectory()) {
          step(join(this.folder, path), placed);
          continue;
        }
        this.ensureFolder(dirname(aside));
        linkSync(placed, aside);
        this.move(join(this.folder, path), placed);
        undo.push(() => renameSync(aside, placed));
      }
      for (const path of unclaimed) if (!way.has(path)) step(join(target, path), join(this.previous, path));
      this.result.removed = unclaimed.length;
    } catch (error) {
      for (const back of undo.reverse()) back();
      throw error;
    } finally {
      unlinkSync(join(this.staging, JOURNAL));
    }
    removeEmptiedFolders(target, unclaimed);
  }

  private move(from: string, to: string): void {
    this.ensureFolder(dirname(to));
    renameSync(from, to);
  }

  private ensureFolder(folder: string): void {
    if (this.folders.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
  }

  /** The staging file for `path`, its folder made; the path is counted as written. */
  private stage(path: string): string {
    const file = this.stagingFile(path);
    this.ensureFolder(dirname(file));
    this.staged.push(path);
    if (path !== BUILD_MARKER) this.result.written++;
    return file;
  }

  /**
   * Where `path` is staged: appended to the folder, not joined, as every path was claimed (checked:
   * plain segments) first; join() took 60–70 ms for the 85,000 paths a Publish with an archived
   * edition stages (issue 57).
   */
  private stagingFile(path: string): string {
    return `${this.folder}/${path}`;
  }

  /** Claims `path` for `what` (judged by PathClaims, as checkSite judges it); its state. The marker is no file of the site. */
  private claim(path: string, what: string, source?: string): PathState {
    const state = this.claims.claim(path, what, source);
    if (path !== BUILD_MARKER) this.result.files++;
    return state;
  }
}

/** Both names are one file (a kept file the target already links to): nothing to read. */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

function sameBytes(file: string, body: Buffer): boolean {
  try {
    return readFileSync(file).equals(body);
  } catch {
    return false;
  }
}
