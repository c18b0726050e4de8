import type { Position } from "../load/places.ts";

/**
 * Where JSON.parse stopped in a text, from its message: "at position 57", or the end of the text for
 * "Unexpected end of JSON input" (a truncated file).
 */
export function parseErrorPosition(text: string, message: string): Position {
  const at = /at position (\d+)/.exec(message);
  const offset = at ? Number(at[1]) : /end of JSON input/.test(message) ? text.length : 0;
  return positionOf(text, offset);
}

/** The 1-based line and column of an offset in a text. */
export function positionOf(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}
