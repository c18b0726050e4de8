import type { Diagnostic } from "../../diagnostics/diagnostic.ts";
import type { RecordFile } from "../../load/record-file.ts";
import { fieldName } from "../locate.ts";
import { at, type RecordRule } from "../rule.ts";

/**
 * Control characters (other than tab and line feed) and the invisible controls that reorder text.
 * The overrides and isolates make a name read differently from what it is ("Trojan Source"); C0/C1
 * controls reach terminals, logs and consumers' apps that render the JSON. Noncharacters (U+FDD0 to
 * U+FDEF and the last two code points of every plane) and lone surrogates are not text, and XML 1.0
 * forbids U+FFFE, U+FFFF and surrogates outright: one in a record broke the Atom feeds.
 */
const PLANE_ENDS = Array.from(
  { length: 16 },
  (_, i) => `\\u{${(i + 1).toString(16)}fffe}-\\u{${(i + 1).toString(16)}ffff}`,
).join("");
const REFUSED = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ufdd0-\\ufdef\\ufffe\\uffff\\ud800-\\udfff${PLANE_ENDS}]`,
  "u",
);

const NAMES: Record<number, string> = {
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE` or `U+0007, a control character`. */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (NAMES[code]) return `${hex} ${NAMES[code]}`;
  if (code >= 0xd800 && code <= 0xdfff)
    return `${hex}, half of a character (a lone surrogate) that XML cannot carry`;
  if ((code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe)
    return `${hex}, a noncharacter that XML cannot carry`;
  return `${hex}, a control character`;
}

export const textCharacters: RecordRule = {
  name: "text-characters",
  description: "Text holds no control characters, invisible direction overrides or noncharacters.",
  checkRecord: refusedIn,
};

function refusedIn(record: RecordFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  // One path, pushed and popped, so the walk over 20,000 records allocates only for a match.
  // Recursion is safe: records nest at most MAX_DEPTH levels (see load/yaml-problems.ts).
  const path: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      const match = REFUSED.exec(value);
      if (match) found.push(diagnostic(record, [...path], match));
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(String(i));
        walk(value[i]);
        path.pop();
      }
    } else if (value && typeof value === "object") {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        path.push(key);
        walk((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  walk(record.data);
  return found;
}

function diagnostic(record: RecordFile, path: string[], match: RegExpExecArray): Diagnostic {
  const what = `${describeCharacter(match[0])} at character ${match.index + 1}`;
  return at(record, path, {
    severity: "error",
    rule: "text-characters",
    message: `${fieldName(path)} must not contain control, text-direction or noncharacter code points (found ${what})`,
    expected: "visible text",
    found: what,
    fix: "Delete the invisible character; right-to-left text needs no control characters.",
  });
}
