import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { handbookPath } from "../derive/derive-model.ts";
import type { Model } from "../derive/model.ts";
import { MARKER_CLAIM, type Claimant, type PathClash } from "./path-claims.ts";

/** One edition's site as far as a clash needs it: where it is published and its model, if rendered. */
export interface ClashSite {
  /** `""` for the current edition, `<id>/` for an archived one. */
  prefix: string;
  /** Where its records are: `""`, or `editions/<id>/`. */
  folder: string;
  model?: Model;
}

/** Where a claimant comes from, in the repository: the file and line to fix, and what to do. */
interface Origin {
  file: string;
  line: number;
  /** The claimant in words: `the public file site/public/x`, `the page of team alpha (records/teams/alpha.yaml)`. */
  named: string;
  fix: string;
}

/**
 * Validate's answer to a site path the writer cannot write (a PathClash): one error at each record
 * or public file that claims it, naming the other claimant, where the path comes from (a public
 * file's name, a record's file name, which is its slug, or its `formerSlugs` line), and what to
 * rename. None when no claimant comes from the repository: then the generator is at fault and the
 * clash stays the writer's error.
 */
export function clashDiagnostics(clash: PathClash, root: string, sites: readonly ClashSite[]): Diagnostic[] {
  const origins = clash.claimants.map((claimant) => originOf(claimant, root, sites));
  const names = clash.claimants.map((c, i) => origins[i]?.named ?? describe(c));
  const [first, second] = clash.claimants;
  const found =
    clash.reason === "outside"
      ? `${names[0]} at ${JSON.stringify(first!.path)}, outside the site`
      : clash.reason === "twice"
        ? `${names[0]} and ${names[1]}, both at ${first!.path}`
        : `${names[0]} at ${first!.path}, and ${names[1]} at ${second!.path}, which needs ${first!.path} to be a folder`;
  const expected =
    clash.reason === "outside" ? "a path inside the site" : "one file or one folder at each path of the site";
  return origins.flatMap((origin) =>
    origin === undefined
      ? []
      : [
          {
            file: origin.file,
            line: origin.line,
            column: 1,
            severity: "error" as const,
            rule: "site-path-clash",
            message: `the site cannot hold ${found}`,
            expected,
            found,
            fix: origin.fix,
          },
        ],
  );
}

function describe(claimant: Claimant): string {
  return claimant.what === MARKER_CLAIM
    ? "the build's own marker file"
    : `the site's document ${claimant.path}`;
}

function originOf(claimant: Claimant, root: string, sites: readonly ClashSite[]): Origin | undefined {
  if (claimant.source !== undefined) {
    const file = relative(root, claimant.source).split(sep).join("/");
    if (file.startsWith("../")) return undefined;
    return { file, line: 1, named: `the public file ${file}`, fix: `Rename or move ${file}.` };
  }
  if (claimant.what === MARKER_CLAIM) return undefined;
  // The archived editions' prefixes first: the current edition's is empty.
  const site = [...sites]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find((s) => claimant.path.startsWith(s.prefix));
  if (site?.model === undefined) return undefined;
  return recordOrigin(claimant.path.slice(site.prefix.length), site.folder, root, site.model);
}

/** The record whose slug (or former slug) names `path`: its page, its JSON, or a folder of either. */
function recordOrigin(path: string, folder: string, root: string, model: Model): Origin | undefined {
  const match = /^(?:api\/)?(teams|projects)\/([^/]+?)(?:\.html|\.json)?(?:\/.*)?$/.exec(path);
  if (match) {
    const [, section, slug] = match as unknown as [string, "teams" | "projects", string];
    const entries: ReadonlyArray<{ slug: string; formerSlugs: readonly string[] }> = model[section];
    const record = entries.find((e) => e.slug === slug || e.formerSlugs.includes(slug));
    if (record === undefined) return undefined;
    const file = `${folder}records/${section}/${record.slug}.yaml`;
    const kind = section === "teams" ? "team" : "project";
    if (record.slug === slug)
      return {
        file,
        line: 1,
        named: `the ${kind} ${slug} (${file}, whose name is its slug)`,
        fix: `Rename ${file} (its slug names the path ${path}), or rename the other file.`,
      };
    return {
      file,
      line: lineOf(root, file, slug),
      named: `the ${kind} ${record.slug}'s former slug ${slug} (${file})`,
      fix: `Remove ${JSON.stringify(slug)} from formerSlugs in ${file} if no page ever had that address, or rename the other file.`,
    };
  }
  const page = model.handbook.find(
    (h) => path === handbookPath(h.slug) || path.startsWith(`handbook/${h.slug}/`),
  );
  if (page === undefined) return undefined;
  const file = `${folder}${page.file}`;
  return {
    file,
    line: 1,
    named: `the handbook page ${file}`,
    fix: `Rename ${file}, or rename the other file.`,
  };
}

/** The first line of the record naming `slug` (its formerSlugs entry); its first line if none does. */
function lineOf(root: string, file: string, slug: string): number {
  try {
    const lines = readFileSync(`${root}/${file}`, "utf8").split("\n");
    const name = new RegExp(`(^|[\\s\\[,"'])${slug.replace(/[^a-z0-9]/gi, "\\$&")}($|[\\s\\],"'])`);
    const at = lines.findIndex((l) => name.test(l));
    return at === -1 ? 1 : at + 1;
  } catch {
    return 1;
  }
}
