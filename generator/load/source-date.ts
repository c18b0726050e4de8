import { statSync } from "node:fs";
import { join } from "node:path";
import { startGitInputs, type GitInputs } from "./git-inputs.ts";

/** An input file, relative to the root, with its modification time when the build already knows it. */
export interface SourceInput {
  file: string;
  modifiedMs?: number;
}

/**
 * The moment the inputs last changed, so the same inputs give the same `generatedAt`:
 * `SOURCE_DATE_EPOCH` when set, else the latest commit touching the inputs, else (outside git, or
 * with uncommitted input changes) the newest modification time among the input files. `git`: what
 * git said (git-inputs.ts), asked while the inputs were read; asked here when not given.
 */
export async function sourceDate(
  root: string,
  inputs: readonly SourceInput[],
  env: NodeJS.ProcessEnv = process.env,
  git?: Promise<GitInputs | undefined>,
): Promise<Date> {
  const epoch = sourceDateEpoch(env);
  if (epoch !== undefined) return new Date(epoch);
  const said = await (git ?? startGitInputs(root));
  if (said?.newest !== undefined && said.changed.size === 0) return new Date(said.newest);
  let newest = said?.newest ?? 0;
  // Records carry the time their read saw, so 20,000 files are not looked at twice (about 35 ms).
  for (const { file, modifiedMs } of inputs) {
    const modified = modifiedMs ?? statSync(join(root, file)).mtimeMs;
    newest = Math.max(newest, Math.floor(modified / 1000) * 1000);
  }
  return new Date(newest);
}

/** `SOURCE_DATE_EPOCH` in milliseconds, when it is set to whole seconds. */
export function sourceDateEpoch(env: NodeJS.ProcessEnv): number | undefined {
  const epoch = env.SOURCE_DATE_EPOCH;
  return epoch !== undefined && /^\d+$/.test(epoch) ? Number(epoch) * 1000 : undefined;
}

/** The environment that dates every later build as `generatedAt` (an ISO time) dated this one. */
export function pinnedSourceDate(
  generatedAt: string,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return { ...env, SOURCE_DATE_EPOCH: String(Math.floor(Date.parse(generatedAt) / 1000)) };
}
