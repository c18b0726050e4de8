import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest } from "../words.ts";
import { at, field, list, type Rule } from "../rule.ts";

/**
 * `judging.tables` tells the judges where each project demos: a slug that names no project would
 * put nothing under any project, and a project listed twice would have two places.
 */
export const eventJudgingTables: Rule = {
  name: "event-judging-tables",
  description: "Each of judging.tables in records/event.yaml names a project in records/projects/, once.",
  check({ event, projects }) {
    if (!event) return [];
    const slugs = new Set(projects.map((p) => p.slug));
    const seen = new Set<string>();
    const found: Diagnostic[] = [];
    const judging = field(event, "judging") as { tables?: unknown } | undefined;
    list(judging?.tables).forEach((entry, i) => {
      const project = (entry as { project?: unknown } | null)?.project;
      if (typeof project !== "string") return;
      const place = ["judging", "tables", String(i), "project"];
      const guess = slugs.has(project) ? undefined : closest(project, [...slugs]);
      if (!slugs.has(project))
        found.push(
          at(event, place, {
            severity: "error",
            rule: "event-judging-tables",
            message: `judging.tables[${i}].project must be the slug of a project in records/projects/ (found ${JSON.stringify(project)})`,
            expected: "the slug of a project in records/projects/",
            found: JSON.stringify(project),
            fix: guess
              ? `Did you mean ${JSON.stringify(guess)}? Write \`project: ${guess}\`.`
              : "Use the project's file name without .yaml, or remove the entry.",
          }),
        );
      else if (seen.has(project))
        found.push(
          at(event, place, {
            severity: "error",
            rule: "event-judging-tables",
            message: `judging.tables[${i}].project must name each project once (found ${JSON.stringify(project)} again)`,
            expected: "a project no other entry names",
            found: `${JSON.stringify(project)} again`,
            fix: "Keep one entry for the project, with its place.",
          }),
        );
      seen.add(project);
    });
    return found;
  },
};
