import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";

/**
 * `npm ci` of this package with `flags`, scripts off, into a new folder of `work` with an empty npm
 * cache, so every package is downloaded, as a workflow's first install does.
 */
export async function installed(
  work: string,
  flags: string[],
): Promise<{ ms: number; mb: number; packages: number }> {
  const folder = join(work, `install${flags.join("")}`);
  await mkdir(folder);
  for (const name of ["package.json", "package-lock.json"])
    await cp(join(REPO_ROOT, name), join(folder, name));
  const cache = join(work, `npm-cache${flags.join("")}`);
  const started = performance.now();
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--cache", cache, ...flags], {
    cwd: folder,
    stdio: "ignore",
  });
  const ms = performance.now() - started;
  const kb = Number(
    execFileSync("du", ["-sk", join(folder, "node_modules")], { encoding: "utf8" }).split("\t")[0],
  );
  const lock = JSON.parse(readFileSync(join(folder, "node_modules/.package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  return { ms, mb: kb / 1024, packages: Object.keys(lock.packages).length };
}
