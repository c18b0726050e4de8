import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { HandbookSource } from "../load/load-handbook.ts";
import type { RecordFile } from "../load/record-file.ts";
import { locate } from "./locate.ts";

/** What cross-record rules see: every record that was read (parsed or not) and the site's files. */
export interface RuleContext {
  event?: RecordFile;
  teams: readonly RecordFile[];
  projects: readonly RecordFile[];
  /** Site-relative paths of the files under site/public/. */
  assets: ReadonlySet<string>;
  handbook: readonly HandbookSource[];
  /** Files in the record and handbook folders that are neither records nor chapters. */
  strays: readonly string[];
  /** The committed issue forms by path; undefined when the repository has no forms folder. */
  forms?: ReadonlyMap<string, string>;
  /** The names the site's own documents take in each record folder (render/reserved-slugs.ts). */
  reserved: { teams: ReadonlySet<string>; projects: ReadonlySet<string> };
}

/** One cross-record rule: it never throws on bad input, and returns every problem it finds. */
export interface Rule {
  name: string;
  description: string;
  /** Its errors say exactly what the schema's error at the same value says in general: that one is left out. */
  restatesSchema?: boolean;
  check(context: RuleContext): Diagnostic[];
}

/**
 * A rule about one record alone. It runs as each record is checked, on whichever thread read it,
 * so a large site checks it in parallel and `npm run dev` only for the records that changed.
 */
export interface RecordRule {
  name: string;
  description: string;
  /** Its errors say exactly what the schema's error at the same value says in general: that one is left out. */
  restatesSchema?: boolean;
  checkRecord(record: RecordFile): Diagnostic[];
}

/** A field of a parsed record, or undefined when the record or field is missing or malformed. */
export function field(record: RecordFile | undefined, key: string): unknown {
  const data = record?.data;
  return data && typeof data === "object" && !Array.isArray(data)
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A diagnostic pointing at `segments` in `record`, for rules. */
export function at(
  record: RecordFile,
  segments: readonly string[],
  rest: Omit<Diagnostic, "file" | "line" | "column">,
): Diagnostic {
  return { file: record.file, ...locate(record, segments), ...rest };
}

/**
 * An error at each entry of the event's list `key` whose `id` an earlier entry has already: ids
 * are how other fields name an entry (a project its track, an award its prize).
 */
export function repeatedIds(event: RecordFile, key: string, rule: string, fix: string): Diagnostic[] {
  const seen = new Set<string>();
  const noun = key.replace(/s$/, "");
  return list(field(event, key)).flatMap((entry, i) => {
    const id = (entry as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || !seen.has(id)) {
      if (typeof id === "string") seen.add(id);
      return [];
    }
    return [
      at(event, [key, String(i), "id"], {
        severity: "error",
        rule,
        message: `${key}[${i}].id must be unique (found ${JSON.stringify(id)} again)`,
        expected: `an id no other ${noun} uses`,
        found: `${JSON.stringify(id)} again`,
        fix,
      }),
    ];
  });
}
