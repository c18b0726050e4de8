import { cutBySize } from "../shared/cut-by-size.ts";

/** What the HTML of one page of the expo's lists may hold, beside the frame: far within 300 KB. */
export const PAGE_BYTES = 200 * 1024;

/**
 * `items` cut into pages of at most `most`, a page ending early when the next item would take its
 * bytes past PAGE_BYTES (records at their longest escape to several times their length), so a page
 * stays within the list pages' bound at any size. Deterministic: the records alone decide the cuts.
 */
export function pagesBySize<T>(items: readonly T[], most: number, size: (item: T) => number): T[][] {
  const pages = cutBySize(items, most, PAGE_BYTES, size);
  // An empty floor still has its page (it says there is nothing yet).
  return pages.length ? pages : [[]];
}
