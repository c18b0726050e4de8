import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { valueRow, type Row } from "./report-table.ts";

/**
 * Issue 55's figures, the hour after at 1/10 scale, counted by the GitHub model: the model lives
 * with the tests, so the bench runs the hour-after tests through vitest (the owners' decision) and
 * reads the figures each writes to HOUR_AFTER_FIGURES (test/helpers/final-hour/hour-after-suite.ts).
 */
export const HOUR_AFTER_TESTS = [
  "test/github/hour-after-app.test.ts",
  "test/github/hour-after-github-token.test.ts",
];

/** What a hour-after test writes (test/helpers/final-hour/hour-after-figures.ts reads them from the model), named. */
export interface HourAfterRun {
  name: string;
  /** Runs of Queue green pull requests and approvals. */
  organiserActions: number;
  /** Model time from the deadline to the last on-time pull request's merge, in minutes. */
  minutesToLastMerge: number;
  /** Reports on merge groups, and the most REST requests and GraphQL points one cost (download counted). */
  groups: number;
  restPerGroup: number;
  graphqlPerGroup: number;
  onTime: number;
  merged: number;
  /** Entries the queue removed, those of them for GitHub's timeout, and pull requests whose current head is judged late. */
  removed: number;
  timedOut: number;
  late: number;
  /** Statuses saying "late" on any head an on-time pull request ever had: must be none. */
  lateOnTime: number;
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Runs the tests; their figures, and vitest's last lines when a test failed. */
export async function hourAfterRuns(): Promise<{ runs: HourAfterRun[]; failed?: string }> {
  const folder = await mkdtemp(join(tmpdir(), "hour-after-"));
  try {
    const vitest = join(ROOT, "node_modules/vitest/vitest.mjs");
    const failed = await promisify(execFile)(process.execPath, [vitest, "run", ...HOUR_AFTER_TESTS], {
      cwd: ROOT,
      env: { ...process.env, HOUR_AFTER_FIGURES: folder },
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      () => undefined,
      (error: { stdout?: string; message: string }) =>
        (error.stdout ?? error.message).split("\n").slice(-15).join("\n"),
    );
    const runs: HourAfterRun[] = [];
    for (const slug of ["app", "github-token"])
      runs.push(JSON.parse(await readFile(join(folder, `${slug}.json`), "utf8")) as HourAfterRun);
    return { runs, ...(failed ? { failed } : {}) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Four rows a token: minutes to the last on-time merge, organiser actions, cost per group, outcome. */
export function hourAfterRows(runs: readonly HourAfterRun[]): Row[] {
  return runs.flatMap((r) => {
    const at = `the hour after at 1/10 scale (30 on-time + 2 clashing pull requests), ${r.name}`;
    // JSON writes an unmerged run's Infinity as null.
    const done = Number.isFinite(r.minutesToLastMerge);
    const minutes = done ? `${r.minutesToLastMerge} min` : "not all merged";
    const outcome =
      `${r.merged} of ${r.onTime} merged; ${r.removed} removals (${r.timedOut} at GitHub's timeout); ` +
      `${r.late} late; ${r.lateOnTime} on-time heads judged late`;
    return [
      valueRow(
        `${at}: deadline to the last on-time merge`,
        minutes,
        "≤ 30 min",
        done && r.minutesToLastMerge <= 30,
      ),
      valueRow(
        `${at}: organiser actions (runs of Queue green pull requests, approvals)`,
        String(r.organiserActions),
        "≤ 3",
        r.organiserActions <= 3,
      ),
      valueRow(
        `${at}: REST requests / GraphQL points, most for one group (${r.groups} groups)`,
        `${r.restPerGroup} / ${r.graphqlPerGroup}`,
        "≤ 6 / ≤ 3",
        r.restPerGroup <= 6 && r.graphqlPerGroup <= 3,
      ),
      valueRow(
        `${at}: outcome`,
        outcome,
        "all merged, the late one not, none judged late on time",
        r.merged === r.onTime && r.late === 1 && r.lateOnTime === 0,
      ),
    ];
  });
}
