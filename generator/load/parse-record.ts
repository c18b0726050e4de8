import { LineCounter, parseDocument, isMap, type Document } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

export interface ParsedYaml {
  /** The plain value, or undefined when the YAML could not be turned into one. */
  data: unknown;
  doc: Document.Parsed;
  lines: LineCounter;
  diagnostics: Diagnostic[];
}

/** YAML error codes of the `yaml` package that mean "the same key twice". */
const DUPLICATE_KEY = "DUPLICATE_KEY";

/**
 * Parses one record with YAML 1.2's core schema (so `on`, `no` and `2026-12-05` stay strings) and
 * keeps the document so later stages can point at the line and column of any value.
 */
export function parseRecord(file: string, text: string): ParsedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
    version: "1.2",
    schema: "core",
    merge: false,
    strict: true,
  });
  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const { line, col } = lines.linePos(error.pos[0]);
    const duplicate = error.code === DUPLICATE_KEY;
    const found = duplicate ? `${describeKeyAt(text, error.pos[0])} twice` : firstLine(error.message);
    diagnostics.push({
      file,
      line,
      column: col,
      severity: "error",
      rule: duplicate ? "yaml-duplicate-key" : "yaml-syntax",
      message: duplicate
        ? `each key must appear once per mapping (found ${found})`
        : `record must be valid YAML (found ${found})`,
      expected: duplicate ? "unique keys" : "valid YAML",
      found,
      fix: duplicate
        ? "Delete or merge the repeated key."
        : "Check indentation, colons and quotes on this line.",
    });
  }
  for (const warning of doc.warnings) {
    const { line, col } = lines.linePos(warning.pos[0]);
    const found = firstLine(warning.message);
    // A tag such as !!js/function or !!binary asks for a type records never need.
    const isTag = warning.code === "TAG_RESOLVE_FAILED";
    diagnostics.push({
      file,
      line,
      column: col,
      severity: isTag ? "error" : "warning",
      rule: isTag ? "yaml-tag" : "yaml-warning",
      message: isTag
        ? `values must be plain YAML without tags (found ${found})`
        : `YAML should be plain (found ${found})`,
      expected: "plain YAML",
      found,
      fix: isTag ? "Remove the !tag in front of the value." : "Simplify the YAML on this line.",
    });
  }
  if (diagnostics.some((d) => d.severity === "error")) return { data: undefined, doc, lines, diagnostics };

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 50 });
  } catch (error) {
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: "error",
      rule: "yaml-syntax",
      message: `record must be plain YAML data (found ${firstLine(String((error as Error).message))})`,
      expected: "plain YAML data",
      found: firstLine(String((error as Error).message)),
      fix: "Write values out instead of using anchors and aliases.",
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

function firstLine(message: string): string {
  return message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
}

function describeKeyAt(text: string, offset: number): string {
  const key = /^[^:\n]*/.exec(text.slice(offset))?.[0]?.trim();
  return key ? JSON.stringify(key) : "a key";
}
