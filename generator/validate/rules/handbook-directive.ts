import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { EVENT_DIRECTIVES, findDirectives, isEventDirective } from "../../load/handbook-directives.ts";
import type { Rule } from "../rule.ts";

const KNOWN = EVENT_DIRECTIVES.map((name) => `<!-- event: ${name} -->`).join(", ");

/**
 * A chapter's `<!-- event: … -->` lines are replaced by the event's facts; one the build cannot
 * replace would be published as the comment's text, so it is an error that says which to write.
 */
export const handbookDirective: Rule = {
  name: "handbook-directive",
  description: `A handbook chapter's event directives are known (${EVENT_DIRECTIVES.join(", ")}) and each is a paragraph of its own.`,
  check({ handbook }) {
    const found: Diagnostic[] = [];
    for (const page of handbook)
      for (const use of findDirectives(page.markdown)) {
        const place = { file: page.file, line: use.line, column: use.column, severity: "error" as const };
        if (!isEventDirective(use.name))
          found.push({
            ...place,
            rule: "handbook-directive",
            message: `an event directive must name one of ${EVENT_DIRECTIVES.join(", ")} (found ${JSON.stringify(use.name)})`,
            expected: `one of ${KNOWN}`,
            found: JSON.stringify(use.name),
            fix: `Write one of ${KNOWN} on a line of its own, or remove the line.`,
          });
        else if (!use.alone)
          found.push({
            ...place,
            rule: "handbook-directive",
            message: `the event directive "${use.name}" must be a paragraph of its own (found it inside other text)`,
            expected: `<!-- event: ${use.name} --> on a line of its own`,
            found: "a directive inside other text, a heading or a table",
            fix: `Put <!-- event: ${use.name} --> on a line of its own, with a blank line before and after it.`,
          });
      }
    return found;
  },
};
