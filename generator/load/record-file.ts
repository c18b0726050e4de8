import type { RecordKind } from "../record-layout.ts";

export type { RecordKind };

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
  /** The file's text, to find where a value sits when a problem points at it (see places.ts). */
  text?: string;
  /** Set once the record was checked alone: its schema (defaults filled in) and the record rules. */
  checked?: boolean;
}
