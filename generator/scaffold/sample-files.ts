import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PUBLIC_DIR } from "../load/list-assets.ts";
import { ENTRY_FOLDERS } from "../record-layout.ts";
import { SAMPLE_HASHES } from "./sample-hashes.ts";

/** The folders that hold the sample event's files: its teams, projects and images. */
export const SAMPLE_FOLDERS: readonly string[] = [...Object.values(ENTRY_FOLDERS), `${PUBLIC_DIR}/images`];

/** What a sample folder holds, as init sorts it: files that are the shipped samples, and the rest. */
export interface FolderContents {
  folder: string;
  /** Paths relative to the root, in name order. */
  samples: string[];
  others: string[];
}

/**
 * The SHA-256 a sample is known by: of its bytes with CRLF read as LF, so a checkout that turned
 * line endings (git's autocrlf on Windows) still knows its samples.
 */
export function sampleDigest(bytes: Buffer): string {
  return createHash("sha256")
    .update(bytes.toString("latin1").replaceAll("\r\n", "\n"), "latin1")
    .digest("hex");
}

/**
 * Sorts each sample folder's files into the samples the template shipped, known by path and content
 * (SAMPLE_HASHES), and everything else: a team that registered since, a sample someone changed, a
 * link or folder. Only plain files are read; `.gitkeep` is neither.
 */
export async function sampleFiles(root: string): Promise<FolderContents[]> {
  const sorted: FolderContents[] = [];
  for (const folder of SAMPLE_FOLDERS) {
    const contents: FolderContents = { folder, samples: [], others: [] };
    const names = (await readdir(join(root, folder)).catch(() => [] as string[])).sort();
    for (const name of names.filter((n) => n !== ".gitkeep")) {
      const path = `${folder}/${name}`;
      (await isSample(root, path)) ? contents.samples.push(path) : contents.others.push(path);
    }
    sorted.push(contents);
  }
  return sorted;
}

async function isSample(root: string, path: string): Promise<boolean> {
  if (!Object.hasOwn(SAMPLE_HASHES, path)) return false;
  const stat = await lstat(join(root, path));
  // A link is never read through: a link named like a sample is not one.
  return stat.isFile() && sampleDigest(await readFile(join(root, path))) === SAMPLE_HASHES[path];
}
