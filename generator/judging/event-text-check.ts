import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { parseRecord } from "../load/parse-record.ts";
import { EVENT_FILE } from "../record-layout.ts";
import { checkAlone } from "../validate/validate.ts";

/**
 * The errors `npm run validate` would give records/event.yaml holding `text`: parsed as every record
 * is, then checked against the event schema and its own rules. `--write` writes nothing with one.
 */
export function eventTextErrors(text: string): Diagnostic[] {
  const parsed = parseRecord(EVENT_FILE, text);
  const record = { kind: "event" as const, file: EVENT_FILE, slug: "event", data: parsed.data, text };
  const found = [...parsed.diagnostics, ...(parsed.data === undefined ? [] : checkAlone(record))];
  return found.filter((d) => d.severity === "error");
}
