/** The relative way from a page (`teams/a.html`, `teams/`, `""`) back to the site's root. */
export function upTo(path: string): string {
  return "../".repeat(path.split("/").length - 1);
}

/**
 * Links as the page at `from` writes them: the site's own addresses (absolute under the base URL,
 * or a site path such as `teams/`) become relative, so the site keeps its pages, styles and images
 * at any address it is opened at; other addresses and same-page anchors are kept as they are.
 */
export function linksFrom(baseUrl: string, from: string): (url: string) => string {
  const up = upTo(from);
  const key = `${up} ${baseUrl}`;
  let links = ways.get(key);
  if (links === undefined) {
    if (ways.size >= 64) ways.clear();
    links = (url) => {
      if (url.startsWith(baseUrl)) return up + url.slice(baseUrl.length) || "./";
      return /^([a-z][a-z0-9+.-]*:|#)/i.test(url) ? url : up + url || "./";
    };
    ways.set(key, links);
  }
  return links;
}

/**
 * One function for each way back and base URL, from build to build: what a card was made with is
 * known by it, not by the links it wrote (cards.ts).
 */
const ways = new Map<string, (url: string) => string>();
