import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * A slug stays its record's: a former slug may not be the record's own, another record's, or
 * one another record already lists, or its old page would lead two ways.
 */
export const formerSlugs: Rule = {
  name: "former-slugs",
  description: "A former slug belongs to one record of its kind, and is no record's current slug.",
  check({ teams, projects }) {
    return [...check(teams, "team"), ...check(projects, "project")];
  },
};

function check(records: readonly RecordFile[], kind: string): Diagnostic[] {
  const current = new Map(records.map((r) => [r.slug, r]));
  const claimed = new Map<string, RecordFile>();
  const found: Diagnostic[] = [];
  for (const record of records)
    for (const [index, slug] of list(field(record, "formerSlugs")).entries()) {
      if (typeof slug !== "string") continue;
      const owner = current.get(slug) ?? claimed.get(slug);
      if (!owner) {
        claimed.set(slug, record);
        continue;
      }
      const whose =
        owner === record
          ? "this record's own slug"
          : current.get(slug) === owner
            ? `the slug of ${owner.file}`
            : `a former slug of ${owner.file}`;
      found.push(
        at(record, ["formerSlugs", String(index)], {
          severity: "error",
          rule: "former-slugs",
          message: `formerSlugs[${index}] must be a slug no other ${kind} has or had (found ${JSON.stringify(slug)}, ${whose})`,
          expected: `a slug that was this ${kind}'s and no other's`,
          found: `${JSON.stringify(slug)}, ${whose}`,
          fix:
            owner === record
              ? "Remove it: the current slug is not a former one."
              : `Remove it here, or rename ${owner.file}: a slug names one ${kind}, now and before.`,
        }),
      );
    }
  return found;
}
