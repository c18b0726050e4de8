import { describe, expect, it } from "vitest";
import { duplicateKeys } from "../../generator/judging/duplicate-keys.ts";

describe("duplicateKeys", () => {
  it("finds a key named twice in one object, with the keys around it and where the second starts", () => {
    const text =
      '{"scores": {"p1": {"A": 1}, "p\\"2": {"A": "}{,"}, "p1": {"A": 2, "A": 3}}, "list": [{"x": 1}, {"x": 2}]}';
    expect(duplicateKeys(text)).toEqual([
      { key: "p1", path: ["scores"], offset: text.indexOf('"p1": {"A": 2') },
      { key: "A", path: ["scores", "p1"], offset: text.indexOf('"A": 3') },
    ]);
  });

  it("finds nothing in a file with every key once, keys of other objects and arrays alike", () => {
    expect(duplicateKeys('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": "a"}')).toEqual([]);
  });

  it("stays linear: 100,000 levels deep, and 200,000 keys twice, told 20 at most", () => {
    const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    expect(duplicateKeys(deep)).toEqual([]);
    const many = `{${Array.from({ length: 200_000 }, () => '"k":1').join(",")}}`;
    expect(duplicateKeys(many)).toHaveLength(20);
  });
});
