import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { promisify } from "node:util";

/**
 * The Pages artifact is a tar of `dist/`. `upload-pages-artifact` v4 silently left out every
 * hidden file, `.well-known/` included; this check makes sure nothing we built is missing from it.
 */
export async function missingFromArchive(archive: string, outDir: string): Promise<string[]> {
  // Names as stored, not escaped by the locale: GNU tar's default writes `\\` for `\` and, where
  // the locale is not UTF-8 (a self-hosted runner), `caf\303\251.png`, which matched no built file.
  // A control character, which only escaping could show on a line, is refused (list-assets.ts).
  const { stdout } = await promisify(execFile)("tar", ["--quoting-style=literal", "-tf", archive], {
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, LC_ALL: "C" },
  });
  const listed = new Set(stdout.split("\n").map((entry) => entry.replace(/^\.\//, "")));
  const built = await readdir(outDir, { recursive: true, withFileTypes: true });
  return built
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(outDir.replace(/\/$/, "").length + 1))
    .filter((path) => !listed.has(path))
    .sort();
}

/**
 * The archive's links, as GNU tar lists them (`a.html link to b.html`, `c.html -> a.html`): Pages
 * refuses an artifact holding any. An archived edition's kept files are hard links in `dist/`
 * (link-or-copy.ts); upload-pages-artifact's `--hard-dereference` stores each as a file, and this
 * check fails the step, naming them, if a packaging without it ever stores links.
 */
export async function linksInArchive(archive: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("tar", ["-tvf", archive], {
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, LC_ALL: "C" },
  });
  // Mode (its first letter the entry's type), owner, size, date, time, then the name.
  const entry = /^([hl])\S*\s+\S+\s+\d+\s+\S+\s+\S+\s+(?:\.\/)?(.*)$/;
  return stdout
    .split("\n")
    .flatMap((line) => {
      const found = entry.exec(line);
      return found ? [found[2]!.replace(" link to ./", " link to ")] : [];
    })
    .sort();
}

/**
 * What in `outDir` is neither a file nor a folder (a symbolic link, say): upload-pages-artifact
 * tars with `--dereference`, so a link there is stored as whatever it points at, even outside the
 * site, and `linksInArchive` cannot see it. The build writes none (link-or-copy.ts makes second
 * links to files only); this fails the step, naming them, if anything ever does.
 */
export async function notFilesIn(outDir: string): Promise<string[]> {
  const found = await readdir(outDir, { recursive: true, withFileTypes: true });
  return found
    .filter((entry) => !entry.isFile() && !entry.isDirectory())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(outDir.replace(/\/$/, "").length + 1))
    .sort();
}
