import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { LoadedRecords } from "../load/load-records.ts";
import type { RecordFile } from "../load/record-file.ts";
import { locate, type Position } from "../validate/locate.ts";

/** A record a problem involves, and where in it to look. */
export interface InvolvedRecord extends Position {
  file: string;
}

/** Paths are walked this deep and this wide to find the field a problem points at: records are small. */
const MAX_NODES = 2000;

/**
 * The records a problem involves: its own, then each other record its words name (a cross-record
 * rule names the record it clashes with: `records/teams/gamma.yaml has "Gamma"`). The other's
 * place is the field the problem points at in its own record (a team's `name`, in both), or its
 * first line when it has no such field.
 */
export function recordsInvolved(d: Diagnostic, loaded: LoadedRecords): InvolvedRecord[] {
  const records = [loaded.event, ...loaded.teams, ...loaded.projects].filter((r) => r !== undefined);
  const own = records.find((r) => r.file === d.file);
  const words = [d.message, d.found ?? "", d.fix ?? ""].join("\n");
  const others = records.filter((r) => r.file !== d.file && names(words, r.file));
  const segments = own && others.length > 0 ? pathAt(own, d) : [];
  return [
    { file: d.file, line: d.line, column: d.column },
    ...others.map((r) => ({ file: r.file, ...locate(r, segments) })),
  ];
}

/** Whether `text` names `file` as a whole path, not as the tail of a longer one. */
function names(text: string, file: string): boolean {
  for (let at = text.indexOf(file); at >= 0; at = text.indexOf(file, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + file.length] ?? " ";
    if (!/[\w./-]/.test(before) && !/[\w/-]/.test(after)) return true;
  }
  return false;
}

/** The deepest field of `record` at the problem's line and column; none when no field is there. */
function pathAt(record: RecordFile, d: Diagnostic): string[] {
  let best: string[] = [];
  let seen = 0;
  const walk = (value: unknown, path: string[]) => {
    if (++seen > MAX_NODES) return;
    if (path.length > best.length) {
      const place = locate(record, path);
      if (place.line === d.line && place.column === d.column) best = path;
    }
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, String(i)]));
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(record.data, []);
  return best;
}
