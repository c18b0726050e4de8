import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { documents } from "../../render/registry.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * The names the site's own documents take in each record folder (`teams/index.html`, the list's
 * `teams/page/` folder), read from the document registry so a new document reserves its name.
 * A record there (slug `index`, or `formerSlugs: [index]`) would claim the same path and stop the build.
 */
export function reservedSlugs(section: "teams" | "projects"): Set<string> {
  const names = new Set<string>();
  for (const kind of documents)
    for (const path of [kind.path, ...(kind.alsoWrites ?? [])]) {
      if (!path.startsWith(`${section}/`)) continue;
      const name = path
        .slice(section.length + 1)
        .split("/")[0]!
        .replace(/\.html$/, "");
      if (!name.includes("<")) names.add(name);
    }
  return names;
}

export const slugReserved: Rule = {
  name: "slug-reserved",
  description: "No slug or former slug takes a name the site's own pages use in its folder (index, page).",
  check({ teams, projects }) {
    return [...check(teams, "teams"), ...check(projects, "projects")];
  },
};

function check(records: readonly RecordFile[], section: "teams" | "projects"): Diagnostic[] {
  const reserved = reservedSlugs(section);
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
