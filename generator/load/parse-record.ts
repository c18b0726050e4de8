import { LineCounter, parseDocument, isMap, type Document } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { indentationMistakes } from "./indentation.ts";
import { readValue } from "./read-value.ts";
import { yamlMistake } from "./yaml-mistakes.ts";
import { YAML_OPTIONS } from "./yaml-options.ts";
import { depthDiagnostic, nestingTooDeep, yamlProblems, type Place } from "./yaml-problems.ts";

export type { Place };

export interface ParsedYaml {
  /** The plain value, or undefined when the YAML could not be turned into one. */
  data: unknown;
  diagnostics: Diagnostic[];
}

/** A record parsed with the document API: its value, and its document to point into. */
export interface ParsedDocument extends ParsedYaml {
  doc: Document.Parsed;
  lines: LineCounter;
}

/**
 * Reads one record, as every path that reads one does (build, validate, dev, Report's versions,
 * the intake): js-yaml reads its value (read-value.ts); a record js-yaml refuses or cannot vouch
 * for is read with the `yaml` package's document API, which says what is wrong and where. Where a
 * value sits is worked out only when a problem points at it (places.ts).
 */
export function parseRecord(file: string, text: string): ParsedYaml {
  const data = readValue(text);
  return data === undefined ? parseRecordDocument(file, text) : { data, diagnostics: [] };
}

/**
 * Parses one record with YAML 1.2's core schema (so `on`, `no` and `2026-12-05` stay strings) and
 * keeps the document so later stages can point at the line and column of any value. Records are
 * plain data: tags, aliases, directives, keys that are not names and deep nesting are refused
 * before the data is built, so an alias bomb never expands.
 */
export function parseRecordDocument(file: string, text: string): ParsedDocument {
  const lines = new LineCounter();
  const place: Place = (offset) => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col };
  };
  const deep = nestingTooDeep(text);
  const doc = parseDocument(deep === undefined ? text : "", { ...YAML_OPTIONS, lineCounter: lines });
  if (deep !== undefined) {
    // The empty parse counted the first line; count the rest for the place.
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines.addNewLine(at + 1);
    return {
      data: undefined,
      doc,
      lines,
      diagnostics: [depthDiagnostic(place(deep), "nesting too deep to read")],
    };
  }
  const diagnostics: Diagnostic[] = syntaxErrors(file, text, doc.errors, place);
  for (const warning of doc.warnings) {
    // Unknown tags are reported with every other tag by yamlProblems.
    if (warning.code === "TAG_RESOLVE_FAILED") continue;
    const found = firstLine(warning.message);
    diagnostics.push({
      ...place(warning.pos[0]),
      severity: "warning",
      rule: "yaml-warning",
      message: `YAML should be plain (found ${found})`,
      expected: "plain YAML",
      found,
      fix: "Simplify the YAML on this line.",
    });
  }
  if (!diagnostics.some((d) => d.severity === "error")) diagnostics.push(...yamlProblems(doc, text, place));
  if (diagnostics.some((d) => d.severity === "error")) return { data: undefined, doc, lines, diagnostics };
  let data: unknown;
  try {
    // Aliases were refused above; the cap is a second guard.
    data = doc.toJS({ maxAliasCount: 50 });
  } catch (error) {
    const found = firstLine(String((error as Error).message));
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: "error",
      rule: "yaml-syntax",
      message: `record must be plain YAML data (found ${found})`,
      expected: "plain YAML data",
      found,
      fix: "Write the values out plainly.",
    });
    return { data: undefined, doc, lines, diagnostics };
  }
  if (!isMap(doc.contents)) {
    const found = doc.contents === null ? "an empty file" : "a single value or a list";
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: "error",
      rule: "yaml-root",
      message: `record must be a mapping of field names to values (found ${found})`,
      expected: "a mapping",
      found,
      fix: "Start the record with `name: ...` style lines.",
    });
    return { data: undefined, doc, lines, diagnostics };
  }
  return { data, doc, lines, diagnostics };
}

/**
 * One error for one mistake: a classic mistake recognised at the parser's first error, said in
 * plain words (yaml-mistakes.ts); else a mis-indented key the indentation judge finds at or above
 * it; else the parser's errors, one per line (it often gives two or three for one mistake).
 */
function syntaxErrors(
  file: string,
  text: string,
  errors: ReadonlyArray<{ code: string; message: string; pos: [number, number] }>,
  place: Place,
): Diagnostic[] {
  if (errors.length === 0) return [];
  const first = errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
  const at = place(first.pos[0]);
  const mistake = yamlMistake(file, text, { code: first.code, message: first.message, ...at });
  if (mistake) return [mistake];
  // A file of 100,000 repeated keys has as many errors: the first few say what is wrong.
  const parsed = [...errors]
    .sort((a, b) => a.pos[0] - b.pos[0])
    .slice(0, MAX_SYNTAX_ERRORS)
    .map((error) => yamlError(text, error, place(error.pos[0])));
  const plain = indentationMistakes(file, text);
  // The parser places a key indented too far at the end of the line above it.
  if (plain.length && plain[0]!.line <= parsed[0]!.line + 1) return plain;
  const lines = new Set<number>();
  return parsed.filter((d) => !lines.has(d.line) && lines.add(d.line));
}

function yamlError(
  text: string,
  error: { code: string; message: string; pos: [number, number] },
  at: ReturnType<Place>,
): Diagnostic {
  const base = { ...at, severity: "error" as const };
  if (error.code === "DUPLICATE_KEY") {
    const found = `${describeKeyAt(text, error.pos[0])} twice`;
    return {
      ...base,
      rule: "yaml-duplicate-key",
      message: `each key must appear once per mapping (found ${found})`,
      expected: "unique keys",
      found,
      fix: "Delete or merge the repeated key.",
    };
  }
  if (error.code === "TAB_AS_INDENT")
    return {
      ...base,
      rule: "yaml-syntax",
      message: "indentation must be spaces (found a tab)",
      expected: "spaces",
      found: "a tab",
      fix: "Replace the tab at the start of this line with spaces, lined up with the keys around it.",
    };
  // The yaml package's code for a stack overflow while composing; nestingTooDeep should prevent it.
  if (error.code === "RESOURCE_EXHAUSTION") return depthDiagnostic(at, "nesting too deep to read");
  const found = firstLine(error.message);
  return {
    ...base,
    rule: "yaml-syntax",
    message: `record must be valid YAML (found ${found})`,
    expected: "valid YAML",
    found,
    fix: "Check indentation, colons and quotes on this line.",
  };
}

function firstLine(message: string): string {
  return message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
}

/** The parser's errors reported per file: the first ones, in reading order. */
const MAX_SYNTAX_ERRORS = 20;

function describeKeyAt(text: string, offset: number): string {
  // Sticky at the offset, not a slice of the rest of the file for each error.
  const at = /[^:\n]{0,200}/y;
  at.lastIndex = offset;
  const key = at.exec(text)?.[0]?.trim();
  return key ? JSON.stringify(key) : "a key";
}
