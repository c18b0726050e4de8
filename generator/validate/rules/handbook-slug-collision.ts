import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { Rule } from "../rule.ts";

/** Two chapters that differ only by number would publish one page. */
export const handbookSlugCollision: Rule = {
  name: "handbook-slug-collision",
  description: "Each handbook chapter's slug names one page.",
  check({ handbook }) {
    const seen = new Map<string, string>();
    const found: Diagnostic[] = [];
    for (const page of handbook) {
      const first = seen.get(page.slug);
      if (first === undefined) seen.set(page.slug, page.file);
      else
        found.push({
          file: page.file,
          line: 1,
          column: 1,
          severity: "error",
          rule: "handbook-slug-collision",
          message: `two handbook chapters would publish handbook/${page.slug}.html (${first} and ${page.file})`,
          expected: "one chapter per slug",
          found: page.file,
          fix: "Rename one of the chapters.",
        });
    }
    return found;
  },
};
