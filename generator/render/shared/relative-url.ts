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
  return (url) => {
    if (url.startsWith(baseUrl)) return up + url.slice(baseUrl.length) || "./";
    return /^([a-z][a-z0-9+.-]*:|#)/i.test(url) ? url : up + url || "./";
  };
}
