import { offsetInstant, deadlinesOf } from "../offset-time.ts";
import { at, type Rule } from "../rule.ts";

/** Registration closes no later than submissions: a team must exist before its project can be late. */
export const eventDeadlineOrder: Rule = {
  name: "event-deadline-order",
  description: "deadlines.registration in records/event.yaml is on or before deadlines.submission.",
  check({ event }) {
    if (!event) return [];
    const { registration, submission } = deadlinesOf(event.data);
    const [opens, closes] = [offsetInstant(registration), offsetInstant(submission)];
    if (opens === undefined || closes === undefined || opens <= closes) return [];
    return [
      at(event, ["deadlines", "registration"], {
        severity: "error",
        rule: "event-deadline-order",
        message: `deadlines.registration must be on or before deadlines.submission, ${String(submission)} (found ${JSON.stringify(registration)})`,
        expected: `a time on or before ${String(submission)}`,
        found: JSON.stringify(registration),
        fix: "Registration closes before submissions do: correct the one that is wrong.",
      }),
    ];
  },
};
