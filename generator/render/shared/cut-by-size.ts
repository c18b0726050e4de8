/**
 * `items` cut into pages, in order: each page takes the next item until it holds `most` or the next
 * would take its bytes past `maxBytes` (records at their longest escape to several times their
 * length); a page holds at least one item, and no items make no page. The records alone decide the
 * cuts, so the same records give the same pages. The judges' pages and the expo's lists use it.
 */
export function cutBySize<T>(
  items: readonly T[],
  most: number,
  maxBytes: number,
  size: (item: T) => number,
): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const own = size(item);
    if (page.length && (page.length === most || bytes + own > maxBytes)) {
      pages.push(page);
      page = [];
      bytes = 0;
    }
    page.push(item);
    bytes += own;
  }
  if (page.length) pages.push(page);
  return pages;
}
