import type { Position } from "../load/places.ts";

/**
 * Where JSON.parse stopped in a text, from its message: "at position 57", or the end of the text for
 * "Unexpected end of JSON input" (a truncated file).
 */
export function parseErrorPosition(text: string, message: string): Position {
  const at = /at position (\d+)/.exec(message);
  const offset = at
    ? Number(at[1])
    : /end of JSON input/.test(message)
      ? text.length
      : tokenOffset(text, message);
  return positionOf(text, offset);
}

/**
 * Node 20's V8 names no position for an unexpected token, only the text around it: `Unexpected
 * token '}', ..."atedAt": \n}\n" is not valid JSON`, the token 10 characters in when the text
 * before it was cut (`...`), else the token's first place in the text. 0 when it cannot tell.
 */
function tokenOffset(text: string, message: string): number {
  const said = /^Unexpected token '(.)', (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (!said) return 0;
  const [, token, cut, around] = said as unknown as [string, string, string | undefined, string];
  const start = text.indexOf(around);
  if (start < 0) return 0;
  return cut ? start + 10 : Math.max(0, around.indexOf(token)) + start;
}

/** The 1-based line and column of an offset in a text. */
export function positionOf(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}
