import { statSync } from "node:fs";
import { join } from "node:path";
import type { GitInputs } from "./git-inputs.ts";
import { sourceDateEpoch, type SourceInput } from "./source-date.ts";

/**
 * When each record last changed, for the feeds: the latest commit that touched its file, or its
 * modification time when it is outside git or changed since (edited, staged or new), from what git
 * said (git-inputs.ts). With `SOURCE_DATE_EPOCH` set, no time is later than it and a file outside
 * git gets it, as reproducible builds clamp times, so the same records give the same bytes.
 */
export async function recordDates(
  root: string,
  env: NodeJS.ProcessEnv,
  git: Promise<GitInputs | undefined>,
  records: readonly SourceInput[],
): Promise<Map<string, Date>> {
  const epoch = sourceDateEpoch(env);
  const said = await git;
  const dates = new Map<string, Date>();
  for (const { file, modifiedMs } of records) {
    const commit = said?.changed.has(file) ? undefined : said?.committed.get(file);
    const ms =
      commit ?? epoch ?? Math.floor((modifiedMs ?? statSync(join(root, file)).mtimeMs) / 1000) * 1000;
    dates.set(file, new Date(epoch === undefined ? ms : Math.min(ms, epoch)));
  }
  return dates;
}
