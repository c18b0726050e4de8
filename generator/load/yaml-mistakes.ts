import { LineCounter, parseDocument } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { YAML_OPTIONS } from "./yaml-options.ts";
import { blockTextMistake, lineWithoutColon } from "./yaml-line-mistakes.ts";
import {
  fieldLine,
  FIELD_NAMES,
  isBlank,
  isBlockScalar,
  lineRange,
  quoted,
  replace,
  TEXT_FIELDS,
  withoutComment,
  type Mistake,
} from "./yaml-lines.ts";

const MAX_FIX = 400;

/** The parser's first error, placed (1-based). */
export interface FirstError {
  code: string;
  message: string;
  line: number;
  column: number;
}

/**
 * The classic mistakes of someone new to YAML, recognised from the parser's first error and the
 * lines around it, each said in plain words with the exact fix (the yaml package's own words, such
 * as "Nested mappings are not allowed in compact mappings", help nobody under a deadline). A fix
 * that rewrites one line says `Write \`…\` on line N.`; the text in backticks replaces the line
 * from its first character that is not a space. Undefined: not one of these; the parser's words stand.
 */
export function yamlMistake(file: string, text: string, error: FirstError): Diagnostic | undefined {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  const mistake = recognise(lines, error);
  // A line to write that fills a screen helps nobody (and a PR comment holds it): the parser's words.
  if (!mistake || (mistake.fix?.length ?? 0) > MAX_FIX || !fixHolds(lines, mistake, error)) return undefined;
  const found = mistake.found && mistake.found.length > 80 ? `${mistake.found.slice(0, 79)}…` : mistake.found;
  const message = `${mistake.message} (found ${found})`;
  return { file, severity: "error", rule: "yaml-syntax", expected: "valid YAML", ...mistake, found, message };
}

/**
 * A line to rewrite is offered only if, rewritten, YAML reads past it: a guess that leaves the
 * parser stuck at the same place would send someone round in circles; the parser's words are better.
 */
function fixHolds(lines: readonly string[], mistake: Mistake, error: FirstError): boolean {
  const written = /^Write `(.*)` on line (\d+)\.$/.exec(mistake.fix ?? "");
  if (!written) return true;
  const at = Number(written[2]) - 1;
  const fixed = [...lines];
  fixed[at] = /^ */.exec(fixed[at]!)![0] + written[1];
  const counter = new LineCounter();
  const doc = parseDocument(fixed.join("\n"), { ...YAML_OPTIONS, lineCounter: counter });
  const still = doc.errors.map((e) => counter.linePos(e.pos[0]).line);
  return still.every((line) => line > Math.max(at + 1, error.line));
}

function recognise(lines: string[], error: FirstError): Mistake | undefined {
  if (error.code === "TAB_AS_INDENT") return tabs(lines, error);
  if (/Missing closing ["']quote/.test(error.message)) return unclosedQuote(lines, error.line);
  if (/Flow (sequence|mapping)|end with a [\]}]/.test(error.message))
    return unclosedBracket(lines, error.line);
  const line = lines[error.line - 1] ?? "";
  const field = fieldLine(line);
  const dashless = /^( *)-([A-Za-z_][\w-]*:(?: .*)?)$/.exec(line);
  if (dashless)
    return replace(error.line, line, `- ${dashless[2]}`, {
      message: `a list item needs a space after its dash: YAML reads \`-${dashless[2]!.split(":")[0]}\` as a key, not an item`,
      found: line.trim(),
    });
  if (field && error.code === "BAD_SCALAR_START") return reservedStart(error.line, line, field);
  if (field && /block-seq-ind on same line/.test(error.message)) {
    const fix = `${field.dash}${field.key}: ${quoted(field.value)}`;
    return replace(error.line, line, fix, {
      message: `\`${field.key}\`'s value starts with "- ", which YAML reads as a list on the key's line`,
      found: field.value,
    });
  }
  if (field && /Unexpected scalar at node end/.test(error.message) && /^["']/.test(field.value))
    return replace(error.line, line, `${field.dash}${field.key}: ${quoted(field.value)}`, {
      message: `\`${field.key}\`'s value is quoted only in part: YAML takes the quoted words for the whole value and stops at the text after them`,
      found: field.value,
    });
  if (field && /Nested mappings/.test(error.message)) {
    const value = withoutComment(field.value);
    if (/^[^"'[{|>&*!]/.test(value) && /: |:$/.test(value))
      return replace(error.line, line, `${field.dash}${field.key}: ${quoted(value)}`, {
        message: `\`${field.key}\`'s value holds a colon${value.endsWith(":") ? " at its end" : " and a space"}, which YAML reads as the start of another key`,
        found: value,
      });
  }
  if (error.code === "MULTILINE_IMPLICIT_KEY" || error.code === "BLOCK_AS_IMPLICIT_KEY") {
    const glued = gluedColon(lines, error.line);
    if (glued) return glued;
    const block = blockTextMistake(lines, error.line);
    if (block) return block;
    if (!/^\s*-/.test(line) && !line.includes(": ")) return lineWithoutColon(lines, error.line);
  }
  return undefined;
}

/** Every line indented with a tab, in one error: the parser gives one a line. */
function tabs(lines: string[], error: FirstError): Mistake {
  const tabbed = lines.flatMap((line, i) => (/^ *\t/.test(line) ? [i + 1] : []));
  // A tab after a list's dash (`-\tname: x`) indents too; the parser knows where.
  if (tabbed.length === 0)
    return {
      line: error.line,
      column: error.column,
      message: `line ${error.line} is indented with a tab after its dash; YAML indents with spaces only`,
      found: "a tab",
      fix: `Replace the tab at column ${error.column} of line ${error.line} with a space.`,
    };
  const [first = 1, last = first] = [tabbed[0], tabbed.at(-1)];
  const which = tabbed.length === 1 ? `line ${first} is` : `${lineRange(first, last)} are`;
  return {
    line: first,
    column: 1,
    message: `${which} indented with ${tabbed.length === 1 ? "a tab" : "tabs"}; YAML indents with spaces only`,
    found: "a tab",
    fix: `Replace each tab at the start of ${lineRange(first, last)} with 2 spaces (set your editor to indent with spaces).`,
  };
}

/** `name: "Night Shift` with no closing quote: the parser notices only at the end of the file. */
function unclosedQuote(lines: string[], upTo: number): Mistake | undefined {
  const text = lines.join("\n");
  for (let i = 0, start = 0; i < Math.min(lines.length, upTo); start += lines[i]!.length + 1, i++) {
    const field = fieldLine(lines[i]!);
    const quote = field?.value[0];
    if (!field || (quote !== '"' && quote !== "'")) continue;
    // A quoted value may go on over several lines; it is the mistake only if no later line closes
    // it. Sticky, from the quote on: each scan stops at the next quote, so the file is read once.
    const closes = quote === '"' ? /"(?:[^"\\]|\\.)*"/y : /'(?:[^']|'')*'/y;
    closes.lastIndex = start + lines[i]!.indexOf(quote, field.column);
    if (closes.test(text)) continue;
    const inside = field.value.slice(1).trimEnd();
    return replace(i + 1, lines[i]!, `${field.dash}${field.key}: ${quoted(inside)}`, {
      message: `\`${field.key}\`'s value opens a quote (${quote}) that nothing closes, so YAML reads every line after it as part of the value`,
      found: field.value,
    });
  }
  return undefined;
}

/** `skillsWanted: [ROS, Python` with no closing bracket. */
function unclosedBracket(lines: string[], upTo: number): Mistake | undefined {
  for (let i = 0; i < Math.min(lines.length, upTo); i++) {
    const field = fieldLine(lines[i]!);
    const open = field?.value[0];
    if (!field || (open !== "[" && open !== "{")) continue;
    const close = open === "[" ? "]" : "}";
    const depth = [...field.value].reduce((d, c) => d + (c === open ? 1 : c === close ? -1 : 0), 0);
    if (depth <= 0) continue;
    if (TEXT_FIELDS.has(field.key))
      return replace(i + 1, lines[i]!, `${field.dash}${field.key}: ${quoted(withoutComment(field.value))}`, {
        message: `\`${field.key}\` is text, and YAML reads a value that starts with ${open} as the start of a ${open === "[" ? "list" : "mapping"}, left open`,
        found: field.value,
      });
    return replace(i + 1, lines[i]!, `${field.dash}${field.key}: ${field.value}${close.repeat(depth)}`, {
      message: `\`${field.key}\`'s list opens with ${open} but its line does not close it with ${close}`,
      found: field.value,
    });
  }
  return undefined;
}

/** `github: @ada` or a value in backticks: characters YAML keeps for itself at a value's start. */
function reservedStart(at: number, line: string, field: ReturnType<typeof fieldLine> & object): Mistake {
  const first = field.value[0] ?? "";
  if (field.key === "github" && first === "@")
    return replace(at, line, `${field.dash}github: ${field.value.slice(1)}`, {
      message: "a GitHub name is written without its @ (and YAML cannot start a value with @)",
      found: field.value,
    });
  const value = first === "`" && field.value.endsWith("`") ? field.value.slice(1, -1) : field.value;
  return replace(at, line, `${field.dash}${field.key}: ${quoted(value)}`, {
    message: `a value cannot start with ${first} in YAML unless it is in quotes`,
    found: field.value,
  });
}

/** `name:Night Shift`: without a space after the colon, YAML sees one piece of text, not a key. */
function gluedColon(lines: string[], upTo: number): Mistake | undefined {
  for (let i = Math.min(lines.length, upTo) - 1; i >= 0 && i >= upTo - 3; i--) {
    const line = lines[i]!;
    if (isBlank(line)) continue;
    const match = /^( *)(- +)?([A-Za-z_][\w-]*):([^\s/].*)$/.exec(line);
    if (!match || !FIELD_NAMES.has(match[3]!) || isBlockScalar(match[4]!)) continue;
    return replace(i + 1, line, `${match[2] ?? ""}${match[3]}: ${match[4]}`, {
      message: `\`${match[3]}:\` needs a space after its colon; without it YAML reads the whole line as text, not a field`,
      found: line.trim(),
    });
  }
  return undefined;
}
