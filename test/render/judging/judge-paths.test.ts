import { describe, expect, it } from "vitest";
import {
  judgeListPath,
  judgePagePath,
  judgePagePaths,
} from "../../../generator/render/judging/judge-paths.ts";

describe("judgePagePaths", () => {
  it("names each judge's page after them, without accents or spaces", () => {
    expect(judgePagePaths(["Dr Lena Hartmann", "Zoë O'Brien-Núñez", "  Kofi  "])).toEqual([
      "judging/dr-lena-hartmann.html",
      "judging/zoe-o-brien-nunez.html",
      "judging/kofi.html",
    ]);
  });

  it("numbers a judge whose name gives no path of its own, or one another name gives too, and never gives two judges one page", () => {
    const paths = judgePagePaths(["Anne Marie", "Anne-Marie", "李明", "Index", "Judge 3", "Sam"]);
    expect(paths).toEqual([
      "judging/judge-1.html",
      "judging/judge-2.html",
      // judge-3 is the fifth judge's own name's page.
      "judging/judge-3-x.html",
      "judging/judge-4.html",
      "judging/judge-3.html",
      "judging/sam.html",
    ]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("keeps a long name's page to 60 characters", () => {
    const [path] = judgePagePaths(["a".repeat(80)]);
    expect(path).toBe(`judging/${"a".repeat(60)}.html`);
  });

  it("puts a judge's later pages and their list in a folder named as their first page", () => {
    expect(judgePagePath("judging/judge-3-x.html", 1)).toBe("judging/judge-3-x.html");
    expect(judgePagePath("judging/judge-3-x.html", 2)).toBe("judging/judge-3-x/page/2.html");
    expect(judgePagePath("judging/page.html", 12)).toBe("judging/page/page/12.html");
    expect(judgeListPath("judging/mei-tanaka.html")).toBe("judging/mei-tanaka/projects.json");
  });
});
