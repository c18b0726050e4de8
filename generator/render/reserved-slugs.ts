import { documents } from "./registry.ts";

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
 * The names the site takes at its root (`api`, `teams`, `editions`, …): the first step of every
 * registered document's path and of every public file's (`images`). An archived edition is
 * published under `/<id>/`, so its id may be none of them (validate/edition-manifest.ts).
 */
export function reservedRootNames(assetPaths: readonly string[] = []): Set<string> {
  const names = new Set<string>();
  for (const path of [
    ...documents.flatMap((kind) => [kind.path, ...(kind.alsoWrites ?? [])]),
    ...assetPaths,
  ]) {
    const first = path.split("/")[0]!;
    if (!first.includes("<")) names.add(first.replace(/\.html$/, ""));
  }
  return names;
}
