/**
 * Normalises the site's base URL: absolute http(s), no query or fragment, ending in `/` so that
 * relative paths resolve under a path prefix such as `https://org.github.io/sprint/`.
 */
export function normalizeBaseUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new Error(`base URL must be an absolute http(s) URL (found ${JSON.stringify(input)})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`base URL must use http or https (found ${JSON.stringify(input)})`);
  if (url.username || url.password)
    throw new Error(`base URL must not carry credentials (found ${JSON.stringify(input)})`);
  url.search = "";
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.href;
}

/** The absolute address of a site path (`api/projects.json`) under the base URL. */
export function siteUrl(baseUrl: string, path: string): string {
  // Called for every link of every page: the pattern only when there is a slash to strip.
  return baseUrl + (path.charCodeAt(0) === 47 ? path.replace(/^\/+/, "") : path);
}

/** `2026-11-21T10:00:00+00:00`: whole seconds, with the UTC offset spelled out. */
export function isoWithOffset(date: Date): string {
  const ms = date.getTime();
  let text = isoTexts.get(ms);
  if (text === undefined) {
    // A build dates each of 20,000 records, most of them at the times of a few commits (20 ms a save).
    if (isoTexts.size >= 100_000) isoTexts.clear();
    isoTexts.set(ms, (text = date.toISOString().replace(/\.\d{3}Z$/, "+00:00")));
  }
  return text;
}

const isoTexts = new Map<number, string>();

/**
 * Well-known URIs and robots.txt count only at an origin's root (RFC 8615): under a path prefix the
 * site still builds and works, but discovery clients will not look there (DESIGN item 4).
 */
export function baseUrlWarnings(baseUrl: string): string[] {
  const { pathname, origin } = new URL(baseUrl);
  if (pathname === "/") return [];
  return [
    `the base URL has a path (${pathname}): /.well-known/ documents and robots.txt only count at the root of ${origin}, so discovery clients will not find them; publish on a custom domain or a user or organisation site for full discovery`,
  ];
}
