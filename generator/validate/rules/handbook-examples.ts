import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { HandbookSource } from "../../load/load-handbook.ts";
import { parseRecord } from "../../load/parse-record.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { at, field, list, type Rule } from "../rule.ts";
import { fieldName } from "../locate.ts";
import { lastCall } from "../../cache/last-call.ts";
import { KeptFindings } from "../kept-findings.ts";

/** The fields of a template that are a person's or a team's own: a copied value there is a placeholder. */
const OWN = ["video", "demo", "contact", "images"] as const;
const PEOPLE = { team: "members", project: "team" } as const;

/**
 * A warning on a team or project that still holds a value of one of the handbook's templates (its
 * ```yaml blocks), such as `name: Ada Example` or `github: ada-example`: pasted as it is, the record
 * builds, and a stranger who holds the example's account could change it.
 */
export const handbookExamples: Rule = {
  name: "handbook-examples",
  description: "No team or project keeps a person, account or link of the handbook's templates.",
  check({ teams, projects, handbook }) {
    const examples = templatesKept(handbook);
    if (examples.size === 0) return [];
    // Each record's findings kept with it while the templates are the same (kept-findings.ts).
    const findings = kept.with(examples);
    const all: Diagnostic[] = [];
    let found: Diagnostic[] = all;
    const check = (record: RecordFile, segments: string[], value: unknown, fix: string) => {
      // Named by the chapter of a template of the record's own kind, if one shows the value.
      const chapters = typeof value === "string" ? examples.get(value) : undefined;
      const from = chapters && (chapters.get(record.kind) ?? chapters.values().next().value);
      if (from === undefined) return;
      const place = fieldName(segments);
      found.push(
        at(record, segments, {
          severity: "warning",
          rule: "handbook-examples",
          message: `${place} should be your own (found ${JSON.stringify(value)}, the example in ${from})`,
          expected: "your own value",
          found: `${JSON.stringify(value)}, the example in ${from}`,
          fix,
        }),
      );
    };
    // Most values are no example: asked first, before a place is made for one (30 ms at 20,000 records).
    const example = (value: unknown) => typeof value === "string" && examples.has(value);
    const findIn = (record: RecordFile & { kind: "team" | "project" }) => {
      const people = PEOPLE[record.kind];
      list(field(record, people)).forEach((person, i) => {
        const { name, github } = (person ?? {}) as { name?: unknown; github?: unknown };
        if (example(name)) check(record, [people, String(i), "name"], name, "Write the person's own name.");
        if (example(github))
          check(
            record,
            [people, String(i), "github"],
            github,
            "Write the person's own GitHub name: whoever holds the example's account could change this record, and you could not.",
          );
      });
      for (const key of OWN) {
        const value = field(record, key);
        if (Array.isArray(value))
          value.forEach((item, i) => {
            if (example(item)) check(record, [key, String(i)], item, `Write your own ${key}, or remove it.`);
          });
        else if (example(value)) check(record, [key], value, `Write your own ${key}, or null.`);
      }
    };
    for (const record of [...teams, ...projects]) {
      if (record.kind !== "team" && record.kind !== "project") continue;
      const own = findings.of(record, (into) => {
        found = into;
        findIn(record as RecordFile & { kind: "team" | "project" });
      });
      for (const d of own) all.push(d);
    }
    return all;
  },
};

const kept = new KeptFindings();

const BLOCK = /^```ya?ml[ \t]*\n([\s\S]*?)^```/gm;

/** The templates are parsed again only when a chapter changed, not on every save of a record. */
const templatesKept = lastCall(templateValues);

/**
 * Each own value of the handbook's templates, with the chapters it is in by the kind of record
 * their template is (a team's lists `members`, a project's `team`), in reading order.
 */
function templateValues(handbook: readonly HandbookSource[]): Map<string, Map<string, string>> {
  const values = new Map<string, Map<string, string>>();
  for (const chapter of handbook)
    for (const [, block = ""] of chapter.markdown.matchAll(BLOCK)) {
      const data = parseRecord(chapter.file, block).data as Record<string, unknown> | undefined;
      if (!data || typeof data !== "object") continue;
      const kind = "members" in data ? "team" : "project";
      const add = (value: unknown) => {
        if (typeof value !== "string" || value === "") return;
        const chapters = values.get(value) ?? new Map<string, string>();
        if (!chapters.has(kind)) chapters.set(kind, chapter.file);
        values.set(value, chapters);
      };
      for (const people of Object.values(PEOPLE))
        for (const person of list(data[people])) {
          const { name, github } = (person ?? {}) as { name?: unknown; github?: unknown };
          add(name);
          add(github);
        }
      for (const key of OWN) (Array.isArray(data[key]) ? (data[key] as unknown[]) : [data[key]]).forEach(add);
    }
  return values;
}
