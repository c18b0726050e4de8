import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordRule } from "../rule.ts";
import { SLUG_PATTERN } from "../../record-layout.ts";

/** Suggests a slug for a file name that is not one. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const slugFormat: RecordRule = {
  name: "slug-format",
  description: "A record's file name is its slug: lowercase words joined by hyphens, then .yaml.",
  checkRecord(record): Diagnostic[] {
    // The event's file name is fixed.
    if (record.kind === "event" || SLUG_PATTERN.test(record.slug)) return [];
    const name = record.file.slice(record.file.lastIndexOf("/") + 1);
    const suggestion = slugify(record.slug) || "my-record";
    // A look-alike letter (Cyrillic а for Latin a) reads as a valid slug; name it.
    const foreign = /[^\x20-\x7e]/u.exec(name);
    const found = foreign
      ? `${JSON.stringify(name)}, whose character ${[...name.slice(0, foreign.index)].length + 1} is U+${foreign[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}, not a-z`
      : JSON.stringify(name);
    return [
      {
        file: record.file,
        line: 1,
        column: 1,
        severity: "error" as const,
        rule: "slug-format",
        message: `file name must be lowercase words joined by hyphens, such as ${suggestion}.yaml (found ${found})`,
        expected: "lowercase words joined by hyphens",
        found,
        fix: `Rename the file to ${suggestion}.yaml.`,
      },
    ];
  },
};
