import type { Rule } from "../rule.ts";

/** A warning: a file in a record folder that is not a record is ignored, which its author may not expect. */
export const notARecord: Rule = {
  name: "not-a-record",
  description: "Files in records/teams/ and records/projects/ are records ending in .yaml.",
  check({ strays }) {
    return strays
      .filter((file) => file.startsWith("records/"))
      .map((file) => {
        const folder = file.slice(0, file.lastIndexOf("/"));
        const found = JSON.stringify(file.slice(folder.length + 1));
        return {
          file,
          line: 1,
          column: 1,
          severity: "warning",
          rule: "not-a-record",
          message: `files in ${folder}/ should be records ending in .yaml (found ${found}, which is ignored)`,
          expected: "a .yaml file",
          found,
          fix: "Rename it to <slug>.yaml or move it out of the records folder.",
        };
      });
  },
};
