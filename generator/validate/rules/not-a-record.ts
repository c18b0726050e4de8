import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { slugify } from "./slug-format.ts";
import type { Rule } from "../rule.ts";

/** Names that say "record" in another spelling: `x.yml`, `x.YAML`, `x.json`. */
const LOOKS_LIKE_A_RECORD = /\.(ya?ml|json)$/i;

/**
 * A file in a record folder that is not `<slug>.yaml` is never read. One named like a record would
 * merge and never be published, so it is an error naming the file it should be; anything else
 * there (notes, an image) is a warning.
 */
export const notARecord: Rule = {
  name: "not-a-record",
  description: "Files in records/teams/ and records/projects/ are records named <slug>.yaml.",
  check({ strays, teams, projects }) {
    const loose = strays.filter((file) => file.startsWith("records/"));
    // The records' files, made only for a stray to be told of (20,000 of them every dev save).
    const records = loose.length ? new Set([...teams, ...projects].map((r) => r.file)) : new Set<string>();
    return loose.map((file): Diagnostic => {
      const folder = file.slice(0, file.lastIndexOf("/"));
      const name = file.slice(folder.length + 1);
      const found = JSON.stringify(name);
      const record = LOOKS_LIKE_A_RECORD.test(name);
      const wanted = `${slugify(name.replace(LOOKS_LIKE_A_RECORD, "")) || "my-record"}.yaml`;
      return {
        file,
        line: 1,
        column: 1,
        severity: record ? "error" : "warning",
        rule: "not-a-record",
        message: record
          ? `a record file must be named <slug>.yaml (found ${found}, which is never read)`
          : `files in ${folder}/ should be records ending in .yaml (found ${found}, which is ignored)`,
        expected: record ? `${folder}/${wanted}` : "a .yaml file",
        found,
        fix: !record
          ? "Rename it to <slug>.yaml or move it out of the records folder."
          : records.has(`${folder}/${wanted}`)
            ? `Keep one of the two: ${folder}/${wanted} exists beside it.`
            : `Rename it to ${folder}/${wanted}${name.endsWith(".json") ? ", written as YAML" : ""}.`,
      };
    });
  },
};
