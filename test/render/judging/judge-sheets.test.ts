import { describe, expect, it } from "vitest";
import {
  cutPages,
  JUDGE_PAGE_ITEM_BYTES,
  JUDGE_PAGE_PROJECTS,
} from "../../../generator/render/judging/judge-sheets.ts";

const sizes = (pages: number[][]) => pages.map((page) => page.length);

describe("cutPages", () => {
  it("cuts a list into pages of 40, the last holding the rest, and gives no page for none", () => {
    const list = Array.from({ length: 90 }, () => 700);
    expect(sizes(cutPages(list, (bytes) => bytes))).toEqual([40, 40, 10]);
    expect(sizes(cutPages(list.slice(0, 40), (bytes) => bytes))).toEqual([JUDGE_PAGE_PROJECTS]);
    expect(cutPages([], (bytes: number) => bytes)).toEqual([]);
  });

  it("ends a page before a project that would take its projects past the budget, and puts a larger one alone", () => {
    const half = JUDGE_PAGE_ITEM_BYTES / 2;
    const list = [half, half, 1, half + 1, JUDGE_PAGE_ITEM_BYTES * 2, 10, 10];
    expect(cutPages(list, (bytes) => bytes)).toEqual([
      [half, half],
      [1, half + 1],
      [JUDGE_PAGE_ITEM_BYTES * 2],
      [10, 10],
    ]);
  });
});
