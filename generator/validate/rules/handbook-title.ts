import type { Rule } from "../rule.ts";

/** A chapter's title names its page and its place in the handbook's contents. */
export const handbookTitle: Rule = {
  name: "handbook-title",
  description: "Every handbook chapter has a title line such as '# Event rules'.",
  check({ handbook }) {
    return handbook
      .filter((page) => page.title === "")
      .map((page) => ({
        file: page.file,
        line: 1,
        column: 1,
        severity: "error",
        rule: "handbook-title",
        message: "a handbook chapter must have a title line such as '# Event rules' (found none)",
        expected: "a line starting with '# '",
        found: "no level-1 heading",
        fix: "Add a first line such as '# Event rules'.",
      }));
  },
};
