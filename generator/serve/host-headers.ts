import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** Exact-path headers from the built site's `_headers` file: `/.well-known/api-catalog` → its Content-Type. */
export type HeaderRules = ReadonlyMap<string, ReadonlyArray<[string, string]>>;

/**
 * Parses the `_headers` format (a path line, then indented `Name: value` lines). Only exact paths
 * are kept: the site-wide `/*` rule is what the server does anyway, and it needs no wildcards.
 */
export function parseHeaders(text: string): HeaderRules {
  const rules = new Map<string, Array<[string, string]>>();
  let current: Array<[string, string]> | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = line.includes("*") ? undefined : [];
      if (current) rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    if (current && colon > 0) current.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The rules of the site in `root`, read at each request: a rebuild may have changed them. */
export async function hostHeaders(root: string): Promise<HeaderRules> {
  return parseHeaders(await readFile(join(root, "_headers"), "utf8").catch(() => ""));
}
