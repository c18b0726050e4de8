import type { Document, LineCounter } from "yaml";

export type RecordKind = "event" | "team" | "project";

/** One record file as read and parsed, with what is needed to point at any of its values. */
export interface RecordFile {
  kind: RecordKind;
  /** Path relative to the project root, with forward slashes: `records/teams/foo.yaml`. */
  file: string;
  /** The file name without its extension; validated by the slug-format rule. */
  slug: string;
  /** The parsed value; undefined when the file could not be read or parsed. */
  data: unknown;
  /** The file's modification time when it was read, for `generatedAt` outside git (see source-date.ts). */
  modifiedMs?: number;
  /**
   * The parsed document, to point at values. The build drops it once the record is checked (20,000
   * of them would fill memory); `locate` parses the file again from `root` for the rare record a
   * later rule must point into.
   */
  doc?: Document.Parsed;
  lines?: LineCounter;
  /** The project root the file was read from. */
  root?: string;
  /** Set once the record was checked alone: its schema (defaults filled in) and the record rules. */
  checked?: boolean;
}
