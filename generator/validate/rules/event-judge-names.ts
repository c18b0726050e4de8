import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * A judge is known by their name: the judging page asks for it, the assignment lists projects by
 * it, and a score file names its judge by it. Two judges of one name could not be told apart.
 */
export const eventJudgeNames: Rule = {
  name: "event-judge-names",
  description: "Each judge's name appears once in records/event.yaml.",
  check({ event }) {
    if (!event) return [];
    const seen = new Set<string>();
    const found: Diagnostic[] = [];
    list(field(event, "judges")).forEach((judge, j) => {
      const name = (judge as { name?: unknown } | null)?.name;
      if (typeof name !== "string") return;
      const key = name.trim().toLowerCase();
      if (!seen.has(key)) return void seen.add(key);
      found.push(
        at(event, ["judges", String(j), "name"], {
          severity: "error",
          rule: "event-judge-names",
          message: `judges[${j}].name must be unique (found ${JSON.stringify(name)} again)`,
          expected: "a name no other judge has",
          found: `${JSON.stringify(name)} again`,
          fix: "Tell the two judges apart by their names, such as with an initial; each judge picks their name on the judging page.",
        }),
      );
    });
    return found;
  },
};
