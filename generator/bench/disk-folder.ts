import { execFileSync } from "node:child_process";
import { dirname } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";

/** File systems held in memory: output there measures the tools, not the disk. */
const IN_MEMORY = new Set(["tmpfs", "ramfs"]);

/** The type of the file system holding `folder` (ext4, tmpfs, overlay, …), as df names it. */
export function fileSystemType(folder: string): string {
  return execFileSync("df", ["--output=fstype", folder], { encoding: "utf8" })
    .trim()
    .split("\n")
    .pop()!
    .trim();
}

/**
 * Where the disk figures write both tools' output: `wanted` if given, else /var/tmp or the
 * checkout's parent, whichever is on a disk. Refuses a folder in memory, which would measure tmpfs
 * twice under the disk's name.
 */
export function diskFolder(wanted?: string): { folder: string; type: string } {
  const candidates = wanted ? [wanted] : ["/var/tmp", dirname(REPO_ROOT)];
  const found: string[] = [];
  for (const folder of candidates) {
    const type = fileSystemType(folder);
    if (!IN_MEMORY.has(type)) return { folder, type };
    found.push(`${folder} (${type})`);
  }
  throw new Error(
    `the disk figures need a folder on a disk, found only ${found.join(", ")} in memory: give --disk DIR on a disk (df -T DIR shows its type)`,
  );
}
