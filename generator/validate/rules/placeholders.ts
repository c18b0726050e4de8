import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import { PLACEHOLDERS, SAMPLE_EVENT } from "../../scaffold/placeholders.ts";
import { at, field, list, type RecordRule } from "../rule.ts";

/** A warning while a record still holds `npm run new`'s placeholders or the sample event's organisers. */
export const placeholders: RecordRule = {
  name: "placeholders",
  description: "No record keeps the placeholder text of npm run new, and no event the sample's organisers.",
  checkRecord(record) {
    const found: Diagnostic[] = [];
    const warn = (segments: string[], what: string, fix: string) => {
      const place = segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i ? `.${s}` : s)).join("");
      found.push(
        at(record, segments, {
          severity: "warning",
          rule: "placeholders",
          message: `${place} should be your own (found ${what})`,
          expected: "your own text",
          found: what,
          fix,
        }),
      );
    };
    // The sample itself may keep its organisers; an event made from it (renamed) may not.
    if (record.kind === "event" && field(record, "name") !== SAMPLE_EVENT.name)
      list(field(record, "organisers")).forEach((handle, i) => {
        if (typeof handle === "string" && SAMPLE_EVENT.organisers.includes(handle.toLowerCase()))
          warn(
            ["organisers", String(i)],
            `the sample event's ${JSON.stringify(handle)}`,
            "List your organisers' GitHub user names instead of the sample's.",
          );
      });
    const people = record.kind === "team" ? "members" : record.kind === "project" ? "team" : undefined;
    if (people)
      list(field(record, people)).forEach((person, i) => {
        const name = (person as { name?: unknown } | null)?.name;
        if (name === PLACEHOLDERS.name)
          warn(
            [people, String(i), "name"],
            `the placeholder ${JSON.stringify(name)}`,
            "Write the person's name.",
          );
      });
    for (const key of ["tagline", "description"] as const)
      if (record.kind === "project" && field(record, key) === PLACEHOLDERS[key])
        warn(
          [key],
          `the placeholder ${JSON.stringify(PLACEHOLDERS[key].trim())}`,
          `Write the project's own ${key}.`,
        );
    return found;
  },
};
