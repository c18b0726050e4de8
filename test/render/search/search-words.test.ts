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
