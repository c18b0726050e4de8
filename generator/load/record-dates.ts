import { statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { RECORDS_DIR } from "../record-layout.ts";
import type { GitFailed } from "./git-answer.ts";
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

/** The rule of a build whose records' dates git failed to give. */
export const RECORD_DATES_RULE = "record-dates-history";

/**
 * The build's error when git is here and fails to say when the records changed (git-inputs.ts):
 * the site's and each record's dates (the feeds', the API's `updatedAt`) are not known, and the
 * files' times are no stand-in for them (fail closed, as the judging seed's history:
 * seed-history.ts). No git, no repository or no commit yet still dates by the files' times.
 */
export function recordDatesError(failed: GitFailed): Diagnostic {
  return {
    file: RECORDS_DIR,
    line: 1,
    column: 1,
    severity: "error",
    rule: RECORD_DATES_RULE,
    message:
      "when the records last changed could not be read from git, so neither the site's date nor each team's and project's can be given",
    expected: "the repository's history, readable by git",
    found: failed.message,
    // git refuses a repository another user owns (CVE-2022-24765) until it is marked safe.
    fix: /dubious ownership/.test(failed.said)
      ? "Mark the repository safe for git where the build runs (git config --global --add safe.directory with the repository's path), or build as the user who owns it."
      : "Build in a readable clone of the repository (in Actions, actions/checkout with fetch-depth: 0); `git fsck` names what is damaged in this one.",
  };
}
