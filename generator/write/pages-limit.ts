/**
 * GitHub Pages' limit on a published site: "no larger than 1 GB" (docs "About GitHub Pages", usage
 * limits; ../shared/reference/github-platform.md). Read as 10^9 bytes, the smaller reading.
 */
export const PAGES_LIMIT = 1_000_000_000;

/** Past 80 % of the limit, a warning with the figures; past the limit, the host will refuse it. */
export function pagesLimitWarnings(bytes: number, limit = PAGES_LIMIT): string[] {
  const share = Math.round((bytes / limit) * 100);
  const figures = `${bytes.toLocaleString("en")} bytes, ${share} % of GitHub Pages' ${limit.toLocaleString("en")}-byte limit for a published site`;
  if (bytes > limit)
    return [
      `the site is ${figures}: GitHub Pages will not publish it; remove large files from site/public/ (or from an archived edition's editions/<id>/site/public/), or publish an old edition elsewhere`,
    ];
  if (bytes >= 0.8 * limit)
    return [
      `the site is ${figures}: near the limit; large files in site/public/ (each edition's too) are the usual cause`,
    ];
  return [];
}
