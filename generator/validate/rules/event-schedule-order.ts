import { offsetInstant } from "../offset-time.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * The schedule is listed in the order its sessions start, as its schema says: the home page groups
 * it by day and the room's screen reads it as now and next in the order given, so a session added
 * at the end for an earlier day would show its day last and its time after later ones.
 */
export const eventScheduleOrder: Rule = {
  name: "event-schedule-order",
  description: "The sessions in records/event.yaml's schedule are listed in the order they start.",
  check({ event }) {
    if (!event) return [];
    const found = [];
    let latest: { start: string; ms: number; index: number } | undefined;
    for (const [index, session] of list(field(event, "schedule")).entries()) {
      const start = (session as { start?: unknown } | null)?.start;
      const ms = offsetInstant(start);
      // A time the schema or event-time-form refuses is theirs to report.
      if (ms === undefined) continue;
      if (latest && ms < latest.ms)
        found.push(
          at(event, ["schedule", String(index), "start"], {
            severity: "error",
            rule: "event-schedule-order",
            message: `schedule[${index}] starts before schedule[${latest.index}], which is listed above it (${latest.start}): the sessions are listed in the order they start`,
            expected: `a start on or after ${latest.start}`,
            found: JSON.stringify(start),
            fix: `Move this session up, above the first session that starts after it (sessions that start together may stay in any order).`,
          }),
        );
      if (!latest || ms > latest.ms) latest = { start: start as string, ms, index };
    }
    return found;
  },
};
