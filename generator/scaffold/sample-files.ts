import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PUBLIC_DIR } from "../load/list-assets.ts";
import { oneLine } from "../diagnostics/format-line.ts";
import { ENTRY_FOLDERS } from "../record-layout.ts";
import type { InitPlan } from "./init-event.ts";
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

/** The sample teams, projects and images removed (their folders kept, with a .gitkeep). */
export async function removeSamples(root: string, plan: InitPlan, removeRecords: boolean): Promise<void> {
  const folders = await sampleFiles(root);
  const others = folders.flatMap((f) => f.others);
  if (others.length && !removeRecords) throw new Error(notSamples(others));
  for (const { folder, samples } of folders) {
    plan.removals.push(...samples);
    // git keeps no empty folder, and "Add file" in records/teams/ needs the folder on GitHub.
    plan.writes.set(`${folder}/.gitkeep`, "");
    plan.done.push(`removed ${samples.length} sample file${samples.length === 1 ? "" : "s"} from ${folder}/`);
  }
  for (const { folder, others } of folders.filter((f) => f.others.length)) {
    plan.removals.push(...others);
    const names = others.map((path) => oneLine(path.slice(folder.length + 1))).join(", ");
    plan.done.push(
      `removed ${others.length} other file${others.length === 1 ? "" : "s"} from ${folder}/ (--remove-records): ${names}`,
    );
  }
}

/** The refusal while files that are no sample are in the sample folders: each named (the first 20). */
function notSamples(others: readonly string[]): string {
  const shown = others.slice(0, 20).map(oneLine).join(", ");
  const more = others.length > 20 ? ` and ${others.length - 20} more` : "";
  return `init removes only the sample files it shipped, and these are not among them: ${shown}${more}. They may be records of teams that registered since: nothing was changed. Fix: move them out first to keep them, or run again with --remove-records to remove them with the samples`;
}
