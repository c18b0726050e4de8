import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import type { Rule } from "../rule.ts";

/**
 * Two files may not claim one slug: names that differ only in case collide on case-insensitive
 * checkouts and on the page path. (`foo.yml` is no record at all: see not-a-record.ts.)
 */
export const slugCollision: Rule = {
  name: "slug-collision",
  description: "Each slug names one record of its kind, whatever the extension or letter case.",
  check({ teams, projects }) {
    return [...collisions(teams, "teams"), ...collisions(projects, "projects")];
  },
};

function collisions(records: readonly RecordFile[], kind: string): Diagnostic[] {
  const seen = new Map<string, RecordFile>();
  const found: Diagnostic[] = [];
  for (const record of records) {
    const key = record.slug.toLowerCase();
    const first = seen.get(key);
    if (!first) {
      seen.set(key, record);
      continue;
    }
    found.push({
      file: record.file,
      line: 1,
      column: 1,
      severity: "error",
      rule: "slug-collision",
      message: `slug ${JSON.stringify(key)} must be unique among ${kind} (found also ${first.file})`,
      expected: "a slug no other record uses",
      found: `also ${first.file}`,
      fix: `Keep one of the two files, or rename this one.`,
    });
  }
  return found;
}
