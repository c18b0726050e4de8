import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/** Records are small; anything larger is a mistake or an attack, refused before parsing. */
export const MAX_RECORD_BYTES = 256 * 1024;
/**
 * A 20,000-character description fits on one line even with escapes; a longer line is pasted data,
 * and would make every error message that quotes it unreadable.
 */
export const MAX_LINE_CHARS = 32 * 1024;
/**
 * The most lines a record may have: a description of 20,000 characters (the schema's most) on
 * lines of one character each fits; a parser fed 100,000 short lines (a key repeated) takes
 * seconds a file, which a pull request could repeat a hundred times.
 */
export const MAX_LINES = 12_000;

export type ReadResult =
  | {
      ok: true;
      text: string;
      /** The file's bytes, as read. */
      bytes: Buffer;
      warnings: Diagnostic[];
      /** The file's modification time, from the same `fstat` that checked it. */
      modifiedMs: number;
    }
  | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads one record file as text after checking what it is: a regular file (never a symlink or a
 * directory), under the size limit, valid UTF-8. `file` is relative to `root`.
 */
export function readRecordFile(root: string, file: string): ReadResult {
  const at = { file, line: 1, column: 1, severity: "error" as const };
  // One open without following links (and without blocking on a FIFO), then checks on that very
  // file: nothing can swap the file for a link between the check and the read.
  let fd: number;
  try {
    fd = openSync(join(root, file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A missing file is the caller's to explain; a socket (ENXIO) or worse is no record either.
    if (code === "ENOENT") throw error;
    return {
      ok: false,
      diagnostic: notRegular(
        at,
        code === "ELOOP" ? "a symbolic link" : `a file that cannot be read (${code})`,
      ),
    };
  }
  let bytes: Buffer;
  let modifiedMs: number;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile())
      return {
        ok: false,
        diagnostic: notRegular(at, stats.isDirectory() ? "a directory" : "a special file"),
      };
    if (stats.size > MAX_RECORD_BYTES) {
      const found = `${stats.size} bytes`;
      return {
        ok: false,
        diagnostic: {
          ...at,
          rule: "file-size",
          message: `record must be at most ${MAX_RECORD_BYTES} bytes (found ${found})`,
          expected: `at most ${MAX_RECORD_BYTES} bytes`,
          found,
          fix: "Shorten the record; link to long material instead of pasting it.",
        },
      };
    }
    modifiedMs = stats.mtimeMs;
    const buffer = Buffer.allocUnsafe(stats.size);
    let length = 0;
    for (let n = -1; length < stats.size && n !== 0; length += n)
      n = readSync(fd, buffer, length, stats.size - length, null);
    bytes = buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, offset).toString("utf8").split("\n");
    return {
      ok: false,
      diagnostic: {
        ...at,
        line: before.length,
        column: (before.at(-1)?.length ?? 0) + 1,
        rule: "file-encoding",
        message: `record must be UTF-8 text (found byte 0x${(bytes[offset] ?? 0).toString(16)} that is not UTF-8)`,
        expected: "UTF-8 text",
        found: "bytes that are not UTF-8",
        fix: "Save the file as UTF-8.",
      },
    };
  }
  const lines = lineCount(text);
  if (lines > MAX_LINES)
    return {
      ok: false,
      diagnostic: {
        ...at,
        rule: "line-count",
        message: `a record must be at most ${MAX_LINES} lines (found ${lines})`,
        expected: `at most ${MAX_LINES} lines`,
        found: `${lines} lines`,
        fix: "Join short lines: no record needs this many.",
      },
    };
  const long = longLine(text);
  if (long) {
    const found = `line ${long.line} of ${long.length} characters`;
    return {
      ok: false,
      diagnostic: {
        ...at,
        line: long.line,
        rule: "line-length",
        message: `lines must be at most ${MAX_LINE_CHARS} characters (found ${found})`,
        expected: `at most ${MAX_LINE_CHARS} characters per line`,
        found,
        fix: "Break the text over several lines (a YAML block scalar `|` keeps line breaks).",
      },
    };
  }
  // The decoder drops a byte-order mark; it is harmless, but editors that add one add other surprises.
  const warnings: Diagnostic[] =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      ? [
          {
            ...at,
            severity: "warning",
            rule: "file-bom",
            message: "record should be UTF-8 without a byte-order mark (found U+FEFF at the start)",
            expected: "UTF-8 without a byte-order mark",
            found: "U+FEFF at the start",
            fix: 'Save the file as "UTF-8" rather than "UTF-8 with BOM".',
          },
        ]
      : [];
  return { ok: true, text, bytes, warnings, modifiedMs };
}

/**
 * What of `text` is past the line limits, in words, or undefined: Report reads untrusted versions
 * through this too, so no version is parsed that the loader would refuse unread.
 */
export function overLineLimits(text: string): string | undefined {
  const lines = lineCount(text);
  if (lines > MAX_LINES) return `has ${lines} lines (at most ${MAX_LINES})`;
  const long = longLine(text);
  return long && `has line ${long.line} of ${long.length} characters (at most ${MAX_LINE_CHARS})`;
}

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < text.length - 1; at = text.indexOf("\n", at + 1))
    count++;
  return count;
}

/** The first line longer than the limit, if any. */
function longLine(text: string): { line: number; length: number } | undefined {
  if (text.length <= MAX_LINE_CHARS) return undefined;
  let line = 1;
  for (let start = 0; start <= text.length; line++) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end - start > MAX_LINE_CHARS) return { line, length: end - start };
    start = end + 1;
  }
  return undefined;
}

/** Offset of the first byte where strict UTF-8 decoding fails. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let low = 0;
  let high = bytes.length;
  // The longest prefix that decodes (an unfinished sequence at its end is allowed while streaming).
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      low = mid;
    } catch {
      high = mid - 1;
    }
  }
  // The decoder fails at the byte that breaks a sequence; the sequence itself starts at its lead byte.
  let at = low;
  const continuation = (i: number) => ((bytes[i] ?? 0) & 0xc0) === 0x80;
  while (at > 0 && continuation(at)) at--;
  if (at > 0 && (bytes[at] ?? 0) < 0x80 && (bytes[at - 1] ?? 0) >= 0x80) at--;
  while (at > 0 && continuation(at)) at--;
  return at;
}

function notRegular(
  at: Pick<Diagnostic, "file" | "line" | "column" | "severity">,
  found: string,
): Diagnostic {
  return {
    ...at,
    rule: "file-type",
    message: `record must be a regular file (found ${found})`,
    expected: "a regular file",
    found,
    fix: "Replace it with a plain YAML file.",
  };
}
