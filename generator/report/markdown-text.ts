/**
 * Record text rendered into GitHub Markdown (job summaries, PR comments). GitHub renders it as
 * HTML, links mentions and issue numbers, and lets a `|` end a table cell, so untrusted text is
 * made inert here: no HTML, no Markdown structure, no mention that pings someone.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Plain text for a paragraph or a table cell, on one line, at most `max` characters as written:
 * each character is escaped first and the text cut between escapes, so escaping never grows it.
 */
export function mdText(value: string, max = 300): string {
  const chars = [...value.replace(CONTROL, " ")];
  let out = "";
  for (const [i, c] of chars.entries()) {
    const piece = escapeChar(c, chars[i + 1]);
    if (out.length + piece.length > max - (i < chars.length - 1 ? 1 : 0)) return `${out}…`;
    out += piece;
  }
  return out;
}

function escapeChar(c: string, next: string | undefined): string {
  if (c === "&") return "&amp;";
  if (c === "<") return "&lt;";
  if (c === ">") return "&gt;";
  if ("\\`*_{}[]()#+-.!|~=:".includes(c)) return `\\${c}`;
  // A word joiner keeps GitHub from turning @name into a mention that pings someone.
  if (c === "@" && next !== undefined && /\w/.test(next)) return "@\u2060";
  return c;
}

/** A value as an inline code span, which GitHub renders literally (no HTML, no mentions). */
export function mdCode(value: string, max = 120): string {
  const text = clip(value.replace(CONTROL, " "), max).replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || text === "" ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Any JSON value, shown as code. */
export function mdValue(value: unknown, max = 120): string {
  return value === undefined ? "_absent_" : mdCode(JSON.stringify(value) ?? String(value), max);
}

/** A link whose URL we built from encoded parts; `<…>` keeps parentheses in it from ending the link. */
export function mdLink(text: string, url: string): string {
  return `[${text}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

/** A repository path in a URL, each segment encoded. */
export function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
