import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest } from "../words.ts";
import { at, field, list, type Rule } from "../rule.ts";

/** An award names projects that exist, so a Winners entry never links to a missing page. */
export const eventAwards: Rule = {
  name: "event-awards",
  description: "Each award in records/event.yaml names the slugs of existing projects.",
  check({ event, projects }) {
    if (!event) return [];
    const slugs = projects.map((p) => p.slug);
    const known = new Set(slugs);
    const found: Diagnostic[] = [];
    list(field(event, "awards")).forEach((award, a) => {
      const winners = list((award as { projects?: unknown } | null)?.projects);
      winners.forEach((slug, w) => {
        if (typeof slug !== "string" || known.has(slug)) return;
        const near = closest(slug, slugs);
        found.push(
          at(event, ["awards", String(a), "projects", String(w)], {
            severity: "error",
            rule: "event-awards",
            message: `awards[${a}].projects[${w}] must be the slug of a project in records/projects/ (found ${JSON.stringify(slug)}, which is not one)`,
            expected: "the slug of a project in records/projects/",
            found: `${JSON.stringify(slug)}, which is not one`,
            fix: near
              ? `Did you mean ${near}? A project's slug is its file name without .yaml.`
              : "Use a project's file name without .yaml.",
          }),
        );
      });
    });
    return found;
  },
};
