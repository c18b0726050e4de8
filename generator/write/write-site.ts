import { mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Asset } from "../load/list-assets.ts";
import type { Output } from "../render/shared/document.ts";
import {
  BUILD_MARKER,
  MARKER_TEXT,
  previousBuild,
  refuseForeignFolder,
  refuseNotFolder,
} from "./output-folder.ts";
import { lockOutput } from "./output-lock.ts";
import { PageManifest, type OwnManifests } from "./page-manifest.ts";
import { DOCUMENT_CLAIM, MARKER_CLAIM, PathClaims } from "./path-claims.ts";
import { recoverFromCrashes } from "./recover-from-crashes.ts";
import { refuseServed } from "./serving-claim.ts";
import { SiteFiles, type WriteResult } from "./site-files.ts";

export { type WriteResult } from "./site-files.ts";
export { WriteError } from "./write-error.ts";

/**
 * Writes the whole site: every output, then the copied assets, into a staging folder beside
 * `outDir`. A folder an earlier build wrote (it holds the marker) is updated in place: only files
 * whose bytes differ are staged, then each is renamed over its target and files no document claims
 * any more are removed, so an unchanged page keeps its file (and its ETag). Any other folder (new,
 * empty, an older build's, or one holding a link) is replaced whole by the staging folder. Either
 * way a reader never sees a half-written file (nor, during an update, a missing one), and a build
 * that fails changes nothing (an update undoes its renames). `own`: the manifests this process
 * saved, which `npm run dev` keeps from one build to the next (page-manifest.ts). A folder that
 * another running `npm start` or `npm run dev` serves is refused (serving-claim.ts).
 */
export async function writeSite(
  outDir: string,
  outputs: Iterable<Output>,
  assets: readonly Asset[] = [],
  own?: OwnManifests,
): Promise<WriteResult> {
  const target = resolve(outDir);
  refuseNotFolder(target);
  const unlock = await lockOutput(target);
  try {
    // Checked once the folder is ours: a server may have claimed it while this build waited.
    refuseServed(target);
    return await writeLocked(target, outputs, assets, own);
  } finally {
    unlock();
  }
}

/** writeSite, once no other build writes the folder. */
async function writeLocked(
  target: string,
  outputs: Iterable<Output>,
  assets: readonly Asset[],
  own: OwnManifests | undefined,
): Promise<WriteResult> {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  await recoverFromCrashes(target);
  await refuseForeignFolder(target);
  const staging = join(dirname(target), `.${basename(target)}.staging-${stamp}`);
  const previous = await previousBuild(target);
  // A site built whole (a new folder, as the Publish workflow builds) hashes no views and writes no
  // manifest; the first update after it compares every file, and writes one. `npm run dev` (`own`)
  // writes one from its first build: its first save would otherwise compare 40,000 files (5 s).
  const claims = own?.claims ?? new PathClaims();
  claims.begin();
  const manifest = previous
    ? PageManifest.read(target, claims, own)
    : own && PageManifest.empty(target, claims, own);
  const site = new SiteFiles(staging, previous && { folder: target, files: previous }, claims, manifest);
  await mkdir(site.folder, { recursive: true });
  try {
    site.write({ path: BUILD_MARKER, body: MARKER_TEXT }, MARKER_CLAIM);
    for (const output of outputs) site.write(output, DOCUMENT_CLAIM);
    for (const asset of assets) site.copy(asset);
    // From the first file moved until the last is in place, the folder is not what any manifest says.
    PageManifest.forget(target);
    if (previous) site.settle();
    else await swap(site.folder, target, join(dirname(target), `.${basename(target)}.old-${stamp}`));
    manifest?.save();
    return site.result;
  } finally {
    await rm(staging, { recursive: true, force: true });
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
