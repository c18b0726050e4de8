import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, type Rule } from "../rule.ts";

/**
 * Whether a list of people names anyone's GitHub account; also true where it is not yet a list of
 * people (a missing or misshapen list is the schema's error, not this one too).
 */
const anyGithub = (people: unknown): boolean =>
  !Array.isArray(people) ||
  people.length === 0 ||
  people.some((person) => {
    if (!person || typeof person !== "object") return true;
    const github = (person as { github?: unknown }).github;
    return typeof github === "string" && github !== "";
  });

/**
 * A warning on a team or project that names no GitHub account (nor, for a project, does its team):
 * the check lets a pull request change a record only when the record lists its author, so nobody
 * but an organiser could change it later, and the pull request that adds it is refused already.
 */
export const recordEditable: Rule = {
  name: "record-editable",
  description:
    "A team lists a member's GitHub name, and a project a person's or its team's: who may change it later.",
  check({ teams, projects }) {
    const found: Diagnostic[] = [];
    const bySlug = new Map(teams.map((team) => [team.slug, team]));
    const warn = (record: RecordFile, list: string, who: string) =>
      found.push(
        at(record, [list], {
          severity: "warning",
          rule: "record-editable",
          message: `${list} should give someone's GitHub name (found ${who}): nobody could change this record later, and the check refuses a pull request whose author it does not list`,
          expected: "at least one github: name",
          found: who,
          fix: `Write your GitHub name under your entry in ${list}: \`github: your-name\` (as on your GitHub profile).`,
        }),
      );
    for (const team of teams)
      if (team.data !== undefined && !anyGithub(field(team, "members"))) warn(team, "members", "none");
    for (const project of projects) {
      if (project.data === undefined || anyGithub(field(project, "team"))) continue;
      const slug = field(project, "teamSlug");
      const team = typeof slug === "string" ? bySlug.get(slug) : undefined;
      if (team && anyGithub(field(team, "members"))) continue;
      warn(project, "team", typeof slug === "string" ? `none, nor in ${slug}'s members` : "none");
    }
    return found;
  },
};
