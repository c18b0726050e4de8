import { statSync } from "node:fs";
import { join } from "node:path";
import { git, type SourceInput } from "./source-date.ts";

/**
 * When each record last changed, for the feeds: the latest commit that touched its file, or its
 * modification time when it is outside git or changed since. With `SOURCE_DATE_EPOCH` set, no time
 * is later than it and a file outside git gets it, as reproducible builds clamp times, so the same
 * records give the same bytes. Starts git at once; the answer comes when the records are known.
 */
export function startRecordDates(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): (records: readonly SourceInput[]) => Promise<Map<string, Date>> {
  const epoch = /^\d+$/.test(env.SOURCE_DATE_EPOCH ?? "") ? Number(env.SOURCE_DATE_EPOCH) * 1000 : undefined;
  const log = git(root, [
    "-c",
    "core.quotePath=false",
    "log",
    "--format=%x00%ct",
    "--name-only",
    "--",
    "records",
  ]);
  // Changed since the last commit: edited, staged or new.
  const edited = git(root, ["-c", "core.quotePath=false", "diff", "--name-only", "HEAD", "--", "records"]);
  const added = git(root, [
    "-c",
    "core.quotePath=false",
    "ls-files",
    "--others",
    "--exclude-standard",
    "--",
    "records",
  ]);
  return async (records) => {
    const committed = new Map<string, number>();
    // Newest commit first: the first time a file is named is when it last changed.
    for (const chunk of ((await log) ?? "").split("\0")) {
      const [seconds, ...files] = chunk.split("\n").filter((line) => line !== "");
      for (const file of files) if (!committed.has(file)) committed.set(file, Number(seconds) * 1000);
    }
    const changed = new Set([...((await edited) ?? "").split("\n"), ...((await added) ?? "").split("\n")]);
    const dates = new Map<string, Date>();
    for (const { file, modifiedMs } of records) {
      const commit = changed.has(file) ? undefined : committed.get(file);
      const ms =
        commit ?? epoch ?? Math.floor((modifiedMs ?? statSync(join(root, file)).mtimeMs) / 1000) * 1000;
      dates.set(file, new Date(epoch === undefined ? ms : Math.min(ms, epoch)));
    }
    return dates;
  };
}
