import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { closest } from "../words.ts";
import { at, field, type Rule } from "../rule.ts";

export const projectTeamSlug: Rule = {
  name: "project-team-slug",
  description: "A project's teamSlug names a team record in records/teams/, or is null.",
  restatesSchema: true,
  check({ teams, projects }) {
    const slugs = new Set(teams.map((team) => team.slug));
    const found: Diagnostic[] = [];
    for (const project of projects) {
      const teamSlug = field(project, "teamSlug");
      if (typeof teamSlug !== "string" || slugs.has(teamSlug)) continue;
      const bare = teamSlug.replace(/^records\/teams\//, "").replace(/\.ya?ml$/, "");
      const guess = slugs.has(bare) ? bare : closest(teamSlug, [...slugs]);
      found.push(
        at(project, ["teamSlug"], {
          severity: "error",
          rule: "project-team-slug",
          message: `teamSlug must be the slug of a team in records/teams/ or null (found ${JSON.stringify(teamSlug)})`,
          expected: "the slug of a team in records/teams/ or null",
          found: JSON.stringify(teamSlug),
          fix: guess
            ? `Did you mean ${JSON.stringify(guess)}? Write \`teamSlug: ${guess}\`.`
            : "Use the team's file name without .yaml, or null.",
        }),
      );
    }
    return found;
  },
};
