import { describe, expect, it } from "vitest";
import { PAGE_BYTES, pagesBySize } from "../../../generator/render/expo/pages-by-size.ts";

describe("the expo's pages cut by count and by bytes", () => {
  it("holds at most `most` items a page, in order, every item on one page", () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(pagesBySize(items, 4, () => 1)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
  });

  it("ends a page early when the next item would take it past PAGE_BYTES, and never leaves a page empty", () => {
    const third = Math.floor(PAGE_BYTES / 3);
    const sizes = [third, third, third, third, PAGE_BYTES * 2, 1];
    const pages = pagesBySize(
      sizes.map((_, i) => i),
      100,
      (i) => sizes[i]!,
    );
    // An item larger than a page gets a page of its own rather than none.
    expect(pages).toEqual([[0, 1, 2], [3], [4], [5]]);
  });

  it("gives an empty list one empty page, so the list's first page is always written", () => {
    expect(pagesBySize([], 10, () => 1)).toEqual([[]]);
  });
});
