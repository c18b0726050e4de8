import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { arrivalsAfterSeed, seedCommit } from "./arrivals-after-seed.ts";
import { GitFailed } from "./git-answer.ts";
import { locateIn, placesOfText } from "./places.ts";
import type { RecordFile } from "./record-file.ts";
import { tablesAtSeed, type TableFields } from "./tables-at-seed.ts";

/** The rule of a build that could not read when the judging seed was set. */
export const SEED_HISTORY_RULE = "event-seed-history";

/** What the judging assignment and the tables read from git, or why the build cannot read it. */
export type SeedHistory =
  { lateArrivals: Map<string, number>; tablesAtSeed: Map<string, TableFields> } | { error: Diagnostic };

/**
 * Both readers of the seed's history (load/arrivals-after-seed.ts, load/tables-at-seed.ts), asking
 * for the seed's commit once and awaited together, so one failing leaves no rejection of the other
 * unhandled. A git that is here and fails is the build's error at `judging.seed` (fail closed: the
 * judges and tables are never handed out as if no project came late). The answer is marked handled
 * at once: the caller awaits it after reading the records' dates, and a rejection that waits
 * meanwhile would stop the process; it is still rethrown where awaited.
 */
export function readSeedHistory(
  root: string,
  event: RecordFile,
  seed: string | null | undefined,
  slugs: readonly string[],
): Promise<SeedHistory> {
  const seedAt = seed ? seedCommit(root, seed) : undefined;
  const read = Promise.all([
    arrivalsAfterSeed(root, seed, slugs, seedAt),
    tablesAtSeed(root, seed, seedAt),
  ]).then(
    ([lateArrivals, tablesAtSeed]): SeedHistory => ({ lateArrivals, tablesAtSeed }),
    (error: unknown): SeedHistory => {
      if (!(error instanceof GitFailed)) throw error;
      return { error: seedHistoryError(event, error) };
    },
  );
  read.catch(() => {});
  return read;
}

function seedHistoryError(event: RecordFile, failed: GitFailed): Diagnostic {
  const at = locateIn(event.text === undefined ? undefined : placesOfText(event.text), event.data, [
    "judging",
    "seed",
  ]);
  return {
    file: event.file,
    ...at,
    severity: "error",
    rule: SEED_HISTORY_RULE,
    message:
      "which projects came after judging.seed was set, and what their tables were handed out from, could not be read from git, so neither the judges' assignment nor the tables can be made",
    expected: "the repository's history, readable by git",
    found: failed.message,
    fix: "Build in a complete clone of the repository (in Actions, actions/checkout with fetch-depth: 0); `git fsck` names what is damaged in this one.",
  };
}
