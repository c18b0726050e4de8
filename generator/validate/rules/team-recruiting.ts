import { at, field, list, type RecordRule } from "../rule.ts";

/** A warning: consumers find recruiting teams by lookingForMembers and read needs from skillsWanted. */
export const teamRecruiting: RecordRule = {
  name: "team-recruiting",
  description: "A team looking for members lists the skills it wants; a full team lists none.",
  checkRecord(team) {
    if (team.kind !== "team") return [];
    const looking = field(team, "lookingForMembers");
    const wanted = list(field(team, "skillsWanted"));
    if (looking === true && wanted.length === 0)
      return [
        at(team, ["lookingForMembers"], {
          severity: "warning",
          rule: "team-recruiting",
          message:
            "skillsWanted should list at least one skill while lookingForMembers is true (found an empty list)",
          expected: "at least one skill",
          found: "an empty list",
          fix: "Add the skills you are looking for under skillsWanted.",
        }),
      ];
    if (looking === false && wanted.length > 0)
      return [
        at(team, ["skillsWanted"], {
          severity: "warning",
          rule: "team-recruiting",
          message: `skillsWanted should be empty while lookingForMembers is false (found a list of ${wanted.length})`,
          expected: "an empty list",
          found: `a list of ${wanted.length}`,
          fix: "Clear skillsWanted, or set lookingForMembers: true.",
        }),
      ];
    return [];
  },
};
