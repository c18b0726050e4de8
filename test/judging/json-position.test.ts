import { describe, expect, it } from "vitest";
import { parseErrorPosition } from "../../generator/judging/json-position.ts";

/** Where JSON.parse stopped, from its own message, whatever form this Node's V8 gives it in. */
const at = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return parseErrorPosition(text, (error as Error).message);
  }
  throw new Error("parsed");
};

describe("parseErrorPosition", () => {
  it("finds an unexpected token far into the text (Node 20 names only the text around it)", () => {
    expect(at('{\n  "id": "2026",\n  "generatedAt": \n}\n')).toEqual({ line: 4, column: 1 });
  });

  it("finds an unexpected token near the start", () => {
    expect(at('{"a": x}')).toEqual({ line: 1, column: 7 });
  });

  it("finds a missing comma and a truncated text", () => {
    expect(at('{\n "a": "b"\n "c": 1}')).toEqual({ line: 3, column: 2 });
    expect(at("[1, 2")).toEqual({ line: 1, column: 6 });
  });
});
