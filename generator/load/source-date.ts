import { execFileSync } from "node:child_process";
import { stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * The moment the inputs last changed, so the same inputs give the same `generatedAt`:
 * `SOURCE_DATE_EPOCH` when set, else the latest commit touching the inputs, else (outside git, or
 * with uncommitted input changes) the newest modification time among the input files.
 */
export async function sourceDate(
  root: string,
  inputs: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Date> {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000);

  const commit = git(root, ["log", "-1", "--format=%ct", "--", "records", "site"]);
  const dirty = git(root, ["status", "--porcelain", "--", "records", "site"]);
  if (commit && /^\d+$/.test(commit) && dirty === "") return new Date(Number(commit) * 1000);

  let newest = commit && /^\d+$/.test(commit) ? Number(commit) * 1000 : 0;
  for (const file of inputs) {
    const { mtimeMs } = await stat(join(root, file));
    newest = Math.max(newest, Math.floor(mtimeMs / 1000) * 1000);
  }
  return new Date(newest);
}

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}
