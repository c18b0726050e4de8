import { describe, expect, it } from "vitest";
import { cardText, shardOf, wordsOf } from "../../../generator/render/search/search-words.ts";

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
