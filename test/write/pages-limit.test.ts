import { describe, expect, it } from "vitest";
import { PAGES_LIMIT, pagesLimitWarnings } from "../../generator/write/pages-limit.ts";

describe("GitHub Pages' 1 GB published-site limit", () => {
  it("says nothing below 80 %", () => {
    expect(pagesLimitWarnings(0.79 * PAGES_LIMIT)).toEqual([]);
  });

  it("warns from 80 %, with the figures", () => {
    expect(pagesLimitWarnings(800_000_000)).toEqual([
      "the site is 800,000,000 bytes, 80 % of GitHub Pages' 1,000,000,000-byte limit for a published site: near the limit; large files in site/public/ (each edition's too) are the usual cause",
    ]);
  });

  it("says past the limit that GitHub Pages will not publish it", () => {
    expect(pagesLimitWarnings(1_000_000_001)[0]).toMatch(
      /: GitHub Pages will not publish it; remove large files/,
    );
  });
});
