import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { shardJson } from "../../../generator/render/search/search-index.ts";
import { eachWord, fold } from "../../../generator/render/search/search-words.ts";

// A record's words are its author's text: a shard written by hand must be the bytes JSON.stringify
// gives the object it stands for, whatever the words (R9 review of 6a312c1).
const deltas = (places: readonly number[]) => places.map((place, i) => place - (i ? places[i - 1]! : 0));
const byStringify = (list: ReadonlyArray<readonly [string, readonly number[]]>) =>
  `${JSON.stringify(Object.fromEntries(list.map(([word, places]) => [word, deltas(places)])))}\n`;

const HOSTILE = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "0",
  "00",
  "01",
  "1",
  "-0",
  "-1",
  "1.0",
  "1e3",
  " 1",
  "4294967294",
  "4294967295",
  "4294967296",
  "9007199254740993",
  "NaN",
  "Infinity",
  '"',
  "\\",
  '\\"',
  "\u0000",
  "\u001f",
  "\u007f",
  "\u2028",
  "\u2029",
  "\ud800",
  "\udc00",
  "\udc00\ud800",
  "</script>",
  "x".repeat(10_000),
  "١٢",
  "１",
];
const word = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "binary" }), fc.nat().map(String));
const places = fc
  .uniqueArray(fc.nat(1_000_000), { minLength: 1, maxLength: 6 })
  .map((a) => a.sort((x, y) => x - y));
const shard = fc.uniqueArray(fc.tuple(word, places), { selector: ([w]) => w, maxLength: 12 });

describe("shardJson against JSON.stringify (hostile words)", () => {
  it("every hostile word alone and all together", () => {
    for (const w of HOSTILE) expect(shardJson([[w, [3, 5]]])).toBe(byStringify([[w, [3, 5]]]));
    const all = HOSTILE.map((w, i) => [w, [i]] as const);
    expect(shardJson(all)).toBe(byStringify(all));
    expect(JSON.parse(shardJson(all))).toEqual(JSON.parse(byStringify(all)));
  });

  it("any distinct words in any order give JSON.stringify's bytes, and parse back", () => {
    fc.assert(
      fc.property(shard, (list) => {
        const text = shardJson(list);
        expect(text).toBe(byStringify(list));
        const parsed = JSON.parse(text) as Record<string, number[]>;
        expect(Object.keys(parsed).length).toBe(list.length);
      }),
      { numRuns: 2000 },
    );
  });
});

/** The rule before 6a312c1: each piece lowered by itself. */
const ASCII_SEPARATORS = /[\x00-\x22\x24-\x2a\x2c-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/;
function eachWordBefore(text: string, visit: (word: string) => void): void {
  for (const piece of text.split(ASCII_SEPARATORS)) {
    if (/^[A-Za-z0-9]*$/.test(piece)) {
      if (piece) visit(piece.toLowerCase());
    } else for (const w of fold(piece).match(/[\p{L}\p{N}]+[+#]*/gu) ?? []) visit(w);
  }
}
const words = (each: typeof eachWord, text: string) => {
  const out: string[] = [];
  each(text, (w) => out.push(w));
  return out;
};

describe("eachWord lowers once, with the words piece-by-piece lowering gave", () => {
  const tricky = fc.constantFrom(..."ΣσςİıKÅẞßǅǄﬀŉΐ\u0345\u0307.'’:- ·Aaz0#+\u00ad\u200d");
  it("on any text, and on text of the characters whose lowering depends on context", () => {
    const text = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: tricky, maxLength: 24 }));
    fc.assert(
      fc.property(text, (t) => {
        expect(words(eachWord, t)).toEqual(words(eachWordBefore, t));
      }),
      { numRuns: 3000 },
    );
  });
});
