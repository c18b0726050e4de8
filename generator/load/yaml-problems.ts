import { isAlias, isCollection, isPair, isScalar, type Document, type Node } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";

/** Where a problem sits in the file, from a character offset. */
export type Place = (offset: number) => Pick<Diagnostic, "file" | "line" | "column">;

/** The deepest records go four levels (a team's members' skills); twenty leaves room and stops abuse. */
export const MAX_DEPTH = 20;

/**
 * What makes a parsed document more than plain data, each reported where it is written: a
 * directive (`%YAML 1.1` tells other readers that `on` is true), an explicit tag (`!!binary`,
 * `!!js/function`), an alias (`*a`, the seed of a billion-laughs bomb), a key that is not a name
 * (`1:`, `true:`, `[a, b]:`, the merge key `<<`) and nesting deeper than any record needs. The walk
 * keeps its own stack, so a deep document cannot overflow the call stack.
 */
export function yamlProblems(doc: Document.Parsed, text: string, place: Place): Diagnostic[] {
  const found: Diagnostic[] = [];
  // Records are parsed by the thousand: the text is searched only when the parser saw a directive.
  const directive = doc.directives?.yaml.explicit || hasTagDirective(doc) ? /^%.*$/m.exec(text) : null;
  if (directive)
    found.push({
      ...place(directive.index),
      severity: "error",
      rule: "yaml-directive",
      message: `record must not start with YAML directives (found ${JSON.stringify(directive[0].trim())})`,
      expected: "no directives",
      found: JSON.stringify(directive[0].trim()),
      fix: "Delete the line starting with % (and the --- after it).",
    });

  // Two parallel stacks, so the walk allocates nothing per node.
  const nodes: unknown[] = [doc.contents];
  const depths: number[] = [0];
  let tooDeep = false;
  const aliases: Array<{ start: number; source: string }> = [];
  const keys: Array<{ start: number; problem: string }> = [];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (!node || typeof node !== "object") continue;
    if (isPair(node)) {
      const problem = keyProblem(node.key);
      if (problem) keys.push({ start: (node.key as Node | null)?.range?.[0] ?? 0, problem });
      nodes.push(node.value, node.key);
      depths.push(depth, depth);
      continue;
    }
    const start = (node as Node).range?.[0] ?? 0;
    if (isAlias(node)) {
      aliases.push({ start, source: node.source });
      continue;
    }
    if ((isScalar(node) || isCollection(node)) && node.tag) {
      const tag = tagAt(text, start);
      found.push({
        ...place(tag.start),
        severity: "error",
        rule: "yaml-tag",
        message: `values must be plain YAML without tags (found ${tag.text})`,
        expected: "plain YAML",
        found: tag.text,
        fix: "Remove the !tag in front of the value.",
      });
    }
    if (isCollection(node)) {
      if (depth >= MAX_DEPTH) {
        if (!tooDeep) found.push(depthDiagnostic(place(start)));
        tooDeep = true;
        continue;
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        nodes.push(node.items[i]);
        depths.push(depth + 1);
      }
    }
  }
  // A merge bomb holds thousands of merge keys: one diagnostic at the first says enough.
  const key = keys.sort((a, b) => a.start - b.start)[0];
  if (key) {
    const more =
      keys.length > 1 ? ` and ${keys.length - 1} more key${keys.length === 2 ? "" : "s"} like it` : "";
    found.push(keyDiagnostic(place(key.start), `${key.problem}${more}`));
  }
  // A bomb holds thousands of aliases: one diagnostic at the first says enough.
  const first = aliases.sort((a, b) => a.start - b.start)[0];
  if (first) {
    const more = aliases.length - 1;
    const alias = `*${first.source}${more > 0 ? ` and ${more} more alias${more === 1 ? "" : "es"}` : ""}`;
    found.push({
      ...place(first.start),
      severity: "error",
      rule: "yaml-alias",
      message: `values must be written out, not repeated with an alias (found ${alias})`,
      expected: "a plain value",
      found: alias,
      fix: "Copy the value in place of each alias and remove its & anchor.",
    });
  }
  // The walk visits values last-in first-out; report them in reading order.
  return found.length < 2 ? found : found.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The yaml package composes nested collections recursively: a few hundred levels overflow the call
 * stack, at a depth that depends on the thread. So text that could nest that deep is refused before
 * parsing, at a fixed place. The count is generous (indentation, `- ` and brackets, quotes
 * ignored), so no record a person writes comes near it.
 */
export const MAX_SOURCE_NESTING = 200;

export function nestingTooDeep(text: string): number | undefined {
  const indented = new RegExp(`^[ -]{${MAX_SOURCE_NESTING}}`, "m").exec(text);
  let flowLimit: number | undefined;
  if (countUpTo(text, MAX_SOURCE_NESTING) >= MAX_SOURCE_NESTING) {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x5b || c === 0x7b) {
        if (++depth >= MAX_SOURCE_NESTING) {
          flowLimit = i;
          break;
        }
      } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    }
  }
  const offsets = [indented?.index, flowLimit].filter((at): at is number => at !== undefined);
  return offsets.length > 0 ? Math.min(...offsets) : undefined;
}

/** How many `[` and `{` the text holds, counting no further than `limit`. */
function countUpTo(text: string, limit: number): number {
  let count = 0;
  for (const bracket of ["[", "{"])
    for (let at = text.indexOf(bracket); at !== -1 && count < limit; at = text.indexOf(bracket, at + 1))
      count++;
  return count;
}

export function depthDiagnostic(at: ReturnType<Place>, found = `more than ${MAX_DEPTH} levels`): Diagnostic {
  return {
    ...at,
    severity: "error",
    rule: "yaml-depth",
    message: `values must nest at most ${MAX_DEPTH} levels deep (found ${found})`,
    expected: `at most ${MAX_DEPTH} levels`,
    found,
    fix: "Records are flat: fields, lists and lists of mappings.",
  };
}

function hasTagDirective(doc: Document.Parsed): boolean {
  return Object.keys(doc.directives?.tags ?? {}).some((handle) => handle !== "!" && handle !== "!!");
}

/** The tag as written before the value that starts at `offset` (`!!binary`, `!e!foo`). */
function tagAt(text: string, offset: number): { start: number; text: string } {
  let start = text.lastIndexOf("!", offset);
  if (start === -1) return { start: offset, text: "a tag" };
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  const written = /^\S+/.exec(text.slice(start))?.[0] ?? "a tag";
  return { start, text: written.length > 60 ? `${written.slice(0, 57)}…` : written };
}

/** What a key is when it is not a name: YAML's other scalars, a collection, nothing, a merge key. */
function keyProblem(key: unknown): string | undefined {
  if (isScalar(key)) {
    if (key.value === "<<") return "the merge key <<";
    if (typeof key.value === "string") return key.value === "" ? "an empty key" : undefined;
    const written = String(key.source ?? "");
    return written === ""
      ? "an empty key"
      : `${written}, read as ${key.value === null ? "null" : typeof key.value}`;
  }
  if (isAlias(key)) return undefined; // reported with every alias
  return isCollection(key) ? "a list or mapping as a key" : "an empty key";
}

function keyDiagnostic(at: ReturnType<Place>, found: string): Diagnostic {
  return {
    ...at,
    severity: "error",
    rule: "yaml-key",
    message: `keys must be field names (found ${found})`,
    expected: "a field name",
    found,
    fix: "Write the field's name before the colon, as in the record's template.",
  };
}
