import { documents } from "./registry.ts";
import { EDITIONS_DIR } from "../record-layout.ts";

/**
 * The names the site's own documents take in each record folder (`teams/index.html`, the list's
 * `teams/page/` folder), read from the document registry so a new document reserves its name.
 * A record there (slug `index`, or `formerSlugs: [index]`) would claim the same path and stop the build.
 */
export function reservedSlugs(section: "teams" | "projects"): Set<string> {
  const names = new Set<string>();
  for (const kind of documents)
    for (const path of [kind.path, ...(kind.alsoWrites ?? [])]) {
      if (!path.startsWith(`${section}/`)) continue;
      const name = path
        .slice(section.length + 1)
        .split("/")[0]!
        .replace(/\.html$/, "");
      if (!name.includes("<")) names.add(name);
    }
  return names;
}

/** The names reserved in both record folders, as validation takes them (see pipeline.ts). */
export const reservedNames = () => ({ teams: reservedSlugs("teams"), projects: reservedSlugs("projects") });

/**
 * The names the site takes at its root: each document's first path segment (`api`, `teams`,
 * `index` of index.html, as GitHub Pages serves `/name` from `name.html`) and the editions' list.
 * An archived edition's id is its folder at the root (`/2026/`), so it may be none of them; the
 * checkout's own files in site/public/ take names too, and are checked where they are read.
 */
export function rootNames(): Set<string> {
  const names = new Set<string>([EDITIONS_DIR]);
  for (const kind of documents)
    for (const path of [kind.path, ...(kind.alsoWrites ?? [])]) {
      const name = path.split("/")[0]!.replace(/\.html$/, "");
      if (!name.includes("<")) names.add(name);
    }
  return names;
}
