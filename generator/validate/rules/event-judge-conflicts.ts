import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest } from "../words.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { at, field, list, type Rule } from "../rule.ts";

/** A value that is no slug is the schema's to report, once. */
const SLUG = new RegExp(recordSchemas.common.$defs.slug.pattern);
/**
 * A judge's conflicts name a team or project that exists. Only a warning: an organiser may list a
 * conflict before the team registers, and a stale one keeps nobody from judging what they may.
 */
export const eventJudgeConflicts: Rule = {
  name: "event-judge-conflicts",
  description: "Each of a judge's conflicts in records/event.yaml is the slug of a team or a project.",
  check({ event, teams, projects }) {
    if (!event) return [];
    const slugs = [...new Set([...teams, ...projects].map((record) => record.slug))];
    const known = new Set(slugs);
    const found: Diagnostic[] = [];
    list(field(event, "judges")).forEach((judge, j) => {
      list((judge as { conflicts?: unknown } | null)?.conflicts).forEach((slug, c) => {
        if (typeof slug !== "string" || !SLUG.test(slug) || known.has(slug)) return;
        const near = closest(slug, slugs);
        found.push(
          at(event, ["judges", String(j), "conflicts", String(c)], {
            severity: "warning",
            rule: "event-judge-conflicts",
            message: `judges[${j}].conflicts[${c}] should be the slug of a team in records/teams/ or a project in records/projects/ (found ${JSON.stringify(slug)}, which is neither)`,
            expected: "the slug of a team or a project",
            found: `${JSON.stringify(slug)}, which is neither`,
            fix: near
              ? `Did you mean ${near}? Name the team or project by its file name without .yaml.`
              : "Name the team or project by its file name without .yaml, or remove it once it is not coming.",
          }),
        );
      });
    });
    return found;
  },
};
