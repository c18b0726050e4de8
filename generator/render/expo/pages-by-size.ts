/** What the HTML of one page of the expo's lists may hold, beside the frame: far within 300 KB. */
export const PAGE_BYTES = 200 * 1024;

/**
 * `items` cut into pages of at most `most`, a page ending early when the next item would take its
 * bytes past PAGE_BYTES (records at their longest escape to several times their length), so a page
 * stays within the list pages' bound at any size. Deterministic: the records alone decide the cuts.
 */
export function pagesBySize<T>(items: readonly T[], most: number, size: (item: T) => number): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const own = size(item);
    if (page.length && (page.length === most || bytes + own > PAGE_BYTES)) {
      pages.push(page);
      page = [];
      bytes = 0;
    }
    page.push(item);
    bytes += own;
  }
  if (page.length || !pages.length) pages.push(page);
  return pages;
}
