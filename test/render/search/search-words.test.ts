import { describe, expect, it } from "vitest";
import { cardText, eachWord, fold, shardOf, wordsOf } from "../../../generator/render/search/search-words.ts";

/** Every code point but the surrogates, once. */
const EVERY_CHARACTER = Array.from({ length: 0x110000 }, (_, code) =>
  code >= 0xd800 && code <= 0xdfff ? "" : String.fromCodePoint(code),
).join("");

describe("the words a search finds a record by", () => {
  it("are folded and split at anything not a letter or digit, each once", () => {
    expect(wordsOf("Tomás @tortega SO-100 arm, so 3D-printed ÉCLAIR éclair")).toEqual([
      "tomas",
      "tortega",
      "so",
      "100",
      "arm",
      "3d",
      "printed",
      "eclair",
    ]);
    expect(wordsOf("ロボット 工学 Роборука")).toEqual(["ロホット", "工学", "роборука"]);
    expect(wordsOf(" -- ")).toEqual([]);
    // Σ lowers to ς at a word's end: a query typed in lower case finds it either way.
    expect(wordsOf("ΟΔΟΣ'Α οδος")).toEqual(["οδοσ", "α"]);
  });

  it("are the words of each piece lowered alone: the text lowered once gives the same, for every cased character", () => {
    // The rule before the text was lowered once (search-words.ts), piece by piece.
    const byPiece = (text: string) =>
      text
        .split(/[\x00-\x22\x24-\x2a\x2c-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/)
        .flatMap((piece) =>
          /^[A-Za-z0-9]*$/.test(piece)
            ? piece
              ? [piece.toLowerCase()]
              : []
            : (fold(piece).match(/[\p{L}\p{N}]+[+#]*/gu) ?? []),
        );
    const words = (text: string) => {
      const found: string[] = [];
      eachWord(text, (word) => found.push(word));
      return found;
    };
    const differ: string[] = [];
    for (const [c] of EVERY_CHARACTER.matchAll(/\p{Changes_When_Lowercased}/gu))
      // Alone, inside a word, at a word's end before a separator, and beside ASCII.
      for (const text of [c, `a${c}b`, `Σ${c}.Α`, `x-${c}2 ${c}+`])
        if (words(text).join(" ") !== byPiece(text).join(" ")) differ.push(text);
    expect(differ).toEqual([]);
  });

  it("keep the + and # that end a name, so C++ and C# are not c, and drop any other", () => {
    expect(wordsOf("C++, C# and F#/.NET; #robotics a+b ++ Notepad++ c++")).toEqual([
      "c++",
      "c#",
      "and",
      "f#",
      "net",
      "robotics",
      "a+",
      "b",
      "notepad++",
    ]);
  });

  it("read a card's text, not its markup, with html.ts's escapes undone", () => {
    expect(
      cardText(
        '<li data-slug="x"><h3><a href="p.html">Fish &amp; Chips &lt;3 &#39;n&#39; &quot;q&quot;</a></h3></li>',
      ),
    ).toBe("   Fish & Chips <3 'n' \"q\"   ");
  });

  it("are sharded by first letter or digit, every other first character in one plain-ASCII shard", () => {
    expect(["gripper", "3d", "роборука", "工学", "_x"].map(shardOf)).toEqual(["g", "3", "_", "_", "_"]);
  });
});
