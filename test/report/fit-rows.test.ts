import { describe, expect, it } from "vitest";
import { capText, fitRows } from "../../generator/report/fit-rows.ts";

describe("fitting Markdown under GitHub's limits", () => {
  it("keeps the leading rows within both the row and the character budget", () => {
    const rows = ["aaaa", "bbbb", "cccc", "dddd"];
    expect(fitRows(rows, { rows: 3, chars: 1000 })).toEqual({ kept: ["aaaa", "bbbb", "cccc"], left: 1 });
    expect(fitRows(rows, { rows: 10, chars: 10 })).toEqual({ kept: ["aaaa", "bbbb"], left: 2 });
    expect(fitRows(rows, { rows: 10, chars: 1000 })).toEqual({ kept: rows, left: 0 });
  });

  it("cuts text at a line, closes a <details> the cut leaves open, and ends with the given line", () => {
    const text = [
      "# head",
      "<details><summary>x</summary>",
      "",
      "row 1",
      "row 2",
      "row 3",
      "</details>",
    ].join("\n");
    const cut = capText(text, 60, "cut here");
    expect(cut).toBe("# head\n<details><summary>x</summary>\n\n</details>\n\ncut here");
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(capText(text, 1000, "cut here")).toBe(text);
  });
});
