import { at, field, list, type Rule } from "../rule.ts";

export const eventDates: Rule = {
  name: "event-dates",
  description: "The event ends on or after its start date, and each session ends after it starts.",
  check({ event }) {
    if (!event) return [];
    const found = [];
    const start = field(event, "startDate");
    const end = field(event, "endDate");
    if (typeof start === "string" && typeof end === "string" && end < start)
      found.push(
        at(event, ["endDate"], {
          severity: "error",
          rule: "event-dates",
          message: `endDate must be on or after startDate ${start} (found ${JSON.stringify(end)})`,
          expected: `a date on or after ${start}`,
          found: JSON.stringify(end),
          fix: "Swap the dates, or correct the one that is wrong.",
        }),
      );
    for (const [index, session] of list(field(event, "schedule")).entries()) {
      const { start: from, end: to } = (session ?? {}) as { start?: unknown; end?: unknown };
      if (typeof from !== "string" || typeof to !== "string") continue;
      const [a, b] = [Date.parse(from), Date.parse(to)];
      if (Number.isNaN(a) || Number.isNaN(b) || b > a) continue;
      found.push(
        at(event, ["schedule", String(index), "end"], {
          severity: "error",
          rule: "event-dates",
          message: `schedule[${index}].end must be after its start ${from} (found ${JSON.stringify(to)})`,
          expected: `a time after ${from}`,
          found: JSON.stringify(to),
          fix: "Give the session an end after its start, with the same time-zone offset.",
        }),
      );
    }
    return found;
  },
};
