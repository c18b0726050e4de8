import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { promisify } from "node:util";

/**
 * The Pages artifact is a tar of `dist/`. `upload-pages-artifact` v4 silently left out every
 * hidden file, `.well-known/` included; this check makes sure nothing we built is missing from it.
 */
export async function missingFromArchive(archive: string, outDir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("tar", ["-tf", archive], { maxBuffer: 256 * 1024 * 1024 });
  const listed = new Set(stdout.split("\n").map((entry) => entry.replace(/^\.\//, "")));
  const built = await readdir(outDir, { recursive: true, withFileTypes: true });
  return built
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(outDir.replace(/\/$/, "").length + 1))
    .filter((path) => !listed.has(path))
    .sort();
}
