import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";

/**
 * The moment the inputs last changed, so the same inputs give the same `generatedAt`:
 * `SOURCE_DATE_EPOCH` when set, else the latest commit touching the inputs, else (outside git, or
 * with uncommitted input changes) the newest modification time among the input files.
 */
export function sourceDate(
  root: string,
  inputs: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Date> {
  return startSourceDate(root, env)(inputs);
}

/**
 * Starts the git queries behind `sourceDate` at once, so they run while the records are read;
 * the answer comes when the inputs are known.
 */
export function startSourceDate(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): (inputs: readonly string[]) => Promise<Date> {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && /^\d+$/.test(epoch)) return async () => new Date(Number(epoch) * 1000);

  const commit = git(root, ["log", "-1", "--format=%ct", "--", "records", "site"]);
  const dirty = git(root, ["status", "--porcelain", "--", "records", "site"]);
  return async (inputs) => {
    const committed = await commit;
    const seconds = committed && /^\d+$/.test(committed) ? Number(committed) : undefined;
    if (seconds !== undefined && (await dirty) === "") return new Date(seconds * 1000);

    let newest = seconds === undefined ? 0 : seconds * 1000;
    for (const file of inputs)
      newest = Math.max(newest, Math.floor(statSync(join(root, file)).mtimeMs / 1000) * 1000);
    return new Date(newest);
  };
}

function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile("git", args, { cwd, encoding: "utf8" }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim()),
    ),
  );
}
