import { describe, expect, it } from "vitest";
import { encodePath, mdCode, mdLink, mdText, mdValue } from "../../generator/report/markdown-text.ts";

describe("record text in GitHub Markdown", () => {
  it("escapes HTML, Markdown structure and table pipes, and breaks mentions", () => {
    expect(mdText("<img src=x onerror=alert(1)> **bold** | @octocat [x](javascript:alert(1))")).toBe(
      "&lt;img src\\=x onerror\\=alert\\(1\\)&gt; \\*\\*bold\\*\\* \\| @\u2060octocat \\[x\\]\\(javascript\\:alert\\(1\\)\\)",
    );
  });

  it("keeps text on one line, without direction overrides, clipped", () => {
    expect(mdText("a\nb\u202Ec\u0000d")).toBe("a b c d");
    expect(mdText("x".repeat(10), 5)).toBe("xxxx…");
  });

  it("escapes before it clips, so escaping never makes the text longer than asked", () => {
    const clipped = mdText("|".repeat(1000), 300);
    expect(clipped).toBe(`${"\\|".repeat(149)}…`);
    expect(clipped.length).toBe(299);
    expect(mdText("<".repeat(10), 12)).toBe("&lt;&lt;…");
    expect(mdText("ab|", 4)).toBe("ab\\|");
  });

  it("fences a code span longer than any backtick run inside it", () => {
    expect(mdCode("soft-grasp")).toBe("`soft-grasp`");
    expect(mdCode("a`b")).toBe("``a`b``");
    expect(mdCode("`start")).toBe("`` `start ``");
    expect(mdCode("a|b")).toBe("`a\\|b`");
    expect(mdCode("")).toBe("`  `");
  });

  it("shows JSON values as code and absent ones as such", () => {
    expect(mdValue(["SO-100 arm"])).toBe('`["SO-100 arm"]`');
    expect(mdValue(null)).toBe("`null`");
    expect(mdValue(undefined)).toBe("_absent_");
  });

  it("links with an angle-bracket destination, path segments encoded", () => {
    expect(mdLink("x", `https://github.com/o/r/blob/abc/${encodePath("records/teams/a (b).yaml")}#L3`)).toBe(
      "[x](<https://github.com/o/r/blob/abc/records/teams/a%20(b).yaml#L3>)",
    );
  });
});
