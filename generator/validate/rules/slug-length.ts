import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import type { RecordRule } from "../rule.ts";
import { SLUG_PATTERN } from "../../record-layout.ts";

/** The schemas' limit for a slug, so a file name and a `teamSlug` naming it share one rule. */
export const SLUG_MAX_LENGTH = recordSchemas.common.$defs.slug.maxLength;

export const slugLength: RecordRule = {
  name: "slug-length",
  description: `A record's slug (its file name without .yaml) is at most ${SLUG_MAX_LENGTH} characters.`,
  checkRecord(record): Diagnostic[] {
    // A slug that is not one at all gets slug-format's message instead.
    if (record.kind === "event" || !SLUG_PATTERN.test(record.slug)) return [];
    if (record.slug.length <= SLUG_MAX_LENGTH) return [];
    const words = record.slug.split("-");
    let shorter = "";
    for (const word of words) {
      const next = shorter === "" ? word : `${shorter}-${word}`;
      if (next.length > SLUG_MAX_LENGTH) break;
      shorter = next;
    }
    return [
      {
        file: record.file,
        line: 1,
        column: 1,
        severity: "error",
        rule: "slug-length",
        message: `file name must be a slug of at most ${SLUG_MAX_LENGTH} characters, as it becomes the record's URL (found ${record.slug.length} characters)`,
        expected: `at most ${SLUG_MAX_LENGTH} characters before .yaml`,
        found: `${record.slug.length} characters`,
        fix: `Rename the file to a shorter slug${shorter === "" ? "" : `, such as ${shorter.slice(0, SLUG_MAX_LENGTH)}.yaml`}.`,
      },
    ];
  },
};
