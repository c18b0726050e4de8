import type { Rule } from "../rule.ts";

/** A warning: a handbook file that is not named like a chapter is not published. */
export const handbookName: Rule = {
  name: "handbook-name",
  description: "Handbook chapters are named <number>-<slug>.md; the number orders them.",
  check({ strays }) {
    return strays
      .filter((file) => file.startsWith("site/handbook/"))
      .map((file) => {
        const name = file.slice(file.lastIndexOf("/") + 1);
        return {
          file,
          line: 1,
          column: 1,
          severity: "warning",
          rule: "handbook-name",
          message: `handbook chapters are named like 10-event-rules.md (found "${name}", which is ignored)`,
          expected: "<number>-<slug>.md",
          found: JSON.stringify(name),
          fix: "Rename it to <number>-<slug>.md; the number orders the chapters.",
        };
      });
  },
};
