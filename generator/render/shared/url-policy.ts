/**
 * Which addresses from record text may become links or images. Records are untrusted, so this is
 * an allow-list: links may be http, https, mailto or site-relative; images https or site-relative.
 * Site-relative paths resolve against the site root (the base URL), never against the page, and
 * may not climb out of it.
 */

// Control characters, spaces and backslashes: browsers strip or reinterpret them (`java\tscript:`,
// `/\evil.example`), so an address containing any is refused rather than cleaned.
// Their percent-encoded forms are refused too: `java%09script:` is nobody's real address.
const SUSPICIOUS = /[\u0000-\u0020\u007f-\u009f\\]|%(?:[01][0-9a-f]|7f)/i;

/** A link from record text: an absolute http(s)/mailto address, a fragment, or a site path. */
export function linkHref(url: string, baseUrl: string): string | undefined {
  if (SUSPICIOUS.test(url)) return undefined;
  if (url.startsWith("#")) return url;
  if (hasScheme(url)) {
    const parsed = parse(url);
    if (!parsed) return undefined;
    if (parsed.protocol === "mailto:") return parsed.href;
    return isWeb(parsed) ? parsed.href : undefined;
  }
  return sitePath(url, baseUrl);
}

/** An image from record text: https only, or a file of the site. */
export function imageSrc(url: string, baseUrl: string): string | undefined {
  if (SUSPICIOUS.test(url)) return undefined;
  if (hasScheme(url)) {
    const parsed = parse(url);
    return parsed && parsed.protocol === "https:" && parsed.hostname ? parsed.href : undefined;
  }
  return sitePath(url, baseUrl);
}

/** A record's URL field (repo, video, host links): absolute http(s) only. */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url || SUSPICIOUS.test(url)) return undefined;
  const parsed = parse(url);
  return parsed && isWeb(parsed) ? parsed.href : undefined;
}

/** A team's contact: an https page or a mailto address, nothing else. */
export function contactHref(url: string | null): string | undefined {
  if (!url || SUSPICIOUS.test(url)) return undefined;
  const parsed = parse(url);
  if (parsed?.protocol === "mailto:") return parsed.href;
  return parsed?.protocol === "https:" && parsed.hostname ? parsed.href : undefined;
}

/** `images/a.svg` or `/images/a.svg` under the base URL; `//host`, `..` segments and encoded dots or slashes are refused. */
function sitePath(path: string, baseUrl: string): string | undefined {
  if (path.startsWith("//") || /%2e|%2f/i.test(path) || /(^|\/)\.\.(\/|$|[?#])/.test(path)) return undefined;
  const resolved = parse(path.replace(/^\/+/, ""), baseUrl);
  return resolved && resolved.href.startsWith(baseUrl) ? resolved.href : undefined;
}

function hasScheme(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url);
}

function isWeb(url: URL): boolean {
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
}

function parse(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}
