import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, list, type Rule } from "../rule.ts";

export const slugReserved: Rule = {
  name: "slug-reserved",
  description: "No slug or former slug takes a name the site's own pages use in its folder (index, page).",
  check({ teams, projects, reserved }) {
    return [...check(teams, "teams", reserved.teams), ...check(projects, "projects", reserved.projects)];
  },
};

function check(
  records: readonly RecordFile[],
  section: "teams" | "projects",
  reserved: ReadonlySet<string>,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const refuse = (record: RecordFile, path: string[], slug: string, fix: string) =>
    found.push(
      at(record, path, {
        severity: "error",
        rule: "slug-reserved",
        message: `${path.length ? `formerSlugs[${path[1]}]` : "the slug"} must not be a name the site uses in ${section}/ (found ${JSON.stringify(slug)}; reserved: ${[...reserved].sort().join(", ")})`,
        expected: `a slug other than ${[...reserved].sort().join(" or ")}`,
        found: JSON.stringify(slug),
        fix,
      }),
    );
  for (const record of records) {
    if (reserved.has(record.slug.toLowerCase()))
      refuse(
        record,
        [],
        record.slug,
        `Rename the file, for example to ${record.slug}-${section === "teams" ? "team" : "project"}.yaml.`,
      );
    for (const [index, slug] of list(field(record, "formerSlugs")).entries())
      if (typeof slug === "string" && reserved.has(slug.toLowerCase()))
        refuse(
          record,
          ["formerSlugs", String(index)],
          slug,
          "Remove it: no page of a record ever had that address.",
        );
  }
  return found;
}
