import { OWNERSHIP_CONTEXT } from "../../../generator/github/report/run.ts";
import type { HourAfterRun } from "../../../generator/bench/hour-after.ts";
import type { HourAfter } from "./hour-after.ts";

/** The figures of issue 55's bench row (their one home is the bench's row type), read from the model after the hour after. */
export type HourAfterFigures = Omit<HourAfterRun, "name">;

export function hourAfterFigures(
  h: HourAfter,
  deadline: number,
  onTime: readonly number[],
  /** Every head each on-time pull request had (its pushes, its updates). */
  heads: ReadonlySet<string>,
): HourAfterFigures {
  const { model, mergeQueue: queue } = h;
  const mergedAt = onTime.map((n) => queue.merges.find((m) => m.pulls.includes(n))?.at);
  const last = Math.max(...mergedAt.map((at) => (at ? Date.parse(at) : Infinity)));
  const lateStatus = (s: { context: string; state: string; description: string | null }) =>
    s.context === OWNERSHIP_CONTEXT && s.state === "failure" && (s.description ?? "").startsWith("late:");
  const open = model.pulls.filter((p) => p.state === "open");
  return {
    organiserActions: h.organiser.length,
    minutesToLastMerge: (last - deadline) / 60_000,
    groups: h.groupReports.length,
    restPerGroup: Math.max(0, ...h.groupReports.map((g) => g.rest)),
    graphqlPerGroup: Math.max(0, ...h.groupReports.map((g) => g.graphql)),
    onTime: onTime.length,
    merged: mergedAt.filter(Boolean).length,
    removed: queue.removals.length,
    timedOut: queue.removals.filter((r) => r.reason.startsWith("timed out")).length,
    late: open.filter((p) => {
      const s = model.status(p.head.sha, OWNERSHIP_CONTEXT);
      return s !== undefined && lateStatus(s);
    }).length,
    lateOnTime: model.statuses.filter((s) => heads.has(s.sha) && lateStatus(s)).length,
  };
}
