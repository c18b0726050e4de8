import { copyFile, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { Asset } from "../load/list-assets.ts";
import type { Output } from "../render/document.ts";

export interface WriteResult {
  files: number;
  bytes: number;
}

/** A mistake in the generator (not in the records): two documents on one path, or a path outside. */
export class WriteError extends Error {
  override name = "WriteError";
}

/**
 * Writes the whole site into a fresh folder beside `outDir`, then swaps it in. Until the swap the old
 * `outDir` is untouched, so a failed build never leaves a half-written site.
 */
export async function writeSite(
  outDir: string,
  outputs: readonly Output[],
  assets: readonly Asset[] = [],
): Promise<WriteResult> {
  const target = resolve(outDir);
  const plan = planFiles(outputs, assets);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const staging = join(dirname(target), `.${basename(target)}.staging-${stamp}`);
  const retired = join(dirname(target), `.${basename(target)}.old-${stamp}`);
  let bytes = 0;
  try {
    await mkdir(staging, { recursive: true });
    const folders = new Set([...plan.keys()].map((path) => dirname(join(staging, path))));
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
    for (const [path, item] of plan) {
      const file = join(staging, path);
      if ("body" in item) {
        const data = Buffer.from(item.body, "utf8");
        bytes += data.length;
        await writeFile(file, data);
      } else {
        await copyFile(item.source, file);
      }
    }
    await swap(staging, target, retired);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(retired, { recursive: true, force: true });
  return { files: plan.size, bytes };
}

/** Checks every path before anything is written: inside the output folder, claimed once. */
export function planFiles(outputs: readonly Output[], assets: readonly Asset[]): Map<string, Output | Asset> {
  const plan = new Map<string, Output | Asset>();
  for (const item of [...outputs, ...assets]) {
    const path = checkPath(item.path);
    const earlier = plan.get(path);
    if (earlier)
      throw new WriteError(`two documents claim ${path}: ${describe(earlier)} and ${describe(item)}`);
    plan.set(path, item);
  }
  return plan;
}

function describe(item: Output | Asset): string {
  return "source" in item ? `the file ${item.source}` : "a rendered document";
}

function checkPath(path: string): string {
  const parts = path.split("/");
  const bad =
    path === "" ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("\0") ||
    parts.some((part) => part === "" || part === "." || part === "..");
  if (
    bad ||
    resolve("/site", path)
      .slice("/site".length + 1)
      .split(sep)
      .join("/") !== path
  )
    throw new WriteError(`refusing to write outside the output folder: ${JSON.stringify(path)}`);
  return path;
}

async function swap(staging: string, target: string, retired: string): Promise<void> {
  try {
    await rename(target, retired);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    await rename(staging, target);
  } catch (error) {
    // Put the previous site back so a failed swap changes nothing.
    await rename(retired, target).catch(() => undefined);
    throw error;
  }
}
