import { join } from "node:path";
import type { KeptParts } from "./cache/rendered-parts.ts";
import { sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.ts";
import {
  editionMoves,
  editionSummary,
  newestFirst,
  recordPaths,
  type EditionSummary,
} from "./derive/editions.ts";
import type { Model } from "./derive/model.ts";
import { PUBLIC_DIR, type Asset } from "./load/list-assets.ts";
import type { EditionOutputs } from "./edition-outputs.ts";
import { EDITIONS_DIR, listEditions, type EditionFolder } from "./load/list-editions.ts";
import { documents as registry } from "./render/registry.ts";
import { renderOutputs } from "./render/render-site.ts";
import { reservedRootNames } from "./render/reserved-slugs.ts";
import type { DocumentKind, Output } from "./render/shared/document.ts";
import { checkEditions, type Edition } from "./validate/edition-manifest.ts";

/** What the rest of the site needs of an archived edition, kept with its files (edition-outputs.ts). */
export interface ArchivedFacts {
  summary: EditionSummary;
  /** The pages and documents it publishes one per record, for the old root URLs' redirects. */
  paths: Array<{ path: string; name: string }>;
  /** Its public files, by site path under `site/public/`. */
  assets: string[];
  /** Its problems (warnings: an edition with errors is not built), filed under `editions/<id>/`. */
  diagnostics: Diagnostic[];
  records: number;
}

/**
 * One archived edition: its id and facts, and either its published model (based at `<base>/<id>/`),
 * to render, or the files kept from the build that rendered it, to copy. `key`: what its files are
 * kept under, when a record cache is used.
 */
export interface Archived {
  id: string;
  /** `<base>/<id>/`. */
  url: string;
  /** `editions/<id>`. */
  folder: string;
  facts: ArchivedFacts;
  model?: Model;
  kept?: Asset[];
  key?: string;
}

/** What deriving one root gives (pipeline.ts's deriveSite), as far as the series needs it. */
type Derive = (
  root: string,
  baseUrl: string,
  edition: Edition,
) => Promise<
  | { ok: true; diagnostics: Diagnostic[]; model: Model; cached: number }
  | { ok: false; diagnostics: Diagnostic[] }
>;

/**
 * Every archived edition under `editions/<id>/`, each built by the one pipeline with its folder as
 * the root and `<base>/<id>/` as the base URL, dated by its manifest. Their problems are filed
 * under `editions/<id>/…`, so a broken edition names its own file and line; any error fails the
 * whole build before anything is written.
 */
export async function deriveArchived(
  root: string,
  baseUrl: string,
  assets: readonly Asset[],
  derive: Derive,
  outputs?: EditionOutputs,
): Promise<{ ok: boolean; diagnostics: Diagnostic[]; archived: Archived[]; cached: number }> {
  const listed = await listEditions(root);
  // An id is no name the site takes at its root: the registry's documents and the public files.
  const reserved = reservedRootNames(assets.map((a) => a.path));
  const looked = await lookUpKept(root, baseUrl, listed.found, reserved, outputs);
  // A kept edition's manifest was checked by the build that kept it (lookUpKept says why).
  const checked = checkEditions(
    listed.found.filter((f) => !looked.get(f.name)?.kept),
    reserved,
  );
  const diagnostics = [...listed.diagnostics, ...checked.diagnostics];
  const archived: Archived[] = [];
  let cached = 0;
  let ok = !diagnostics.some((d) => d.severity === "error");
  const editions = new Map(checked.editions.map((e) => [e.id, e]));
  for (const { name, folder } of listed.found) {
    const url = `${baseUrl}${name}/`;
    const { key, kept } = looked.get(name) ?? {};
    if (kept) {
      diagnostics.push(...kept.facts.diagnostics);
      archived.push({ id: name, url, folder, facts: kept.facts, kept: kept.files, key: key! });
      continue;
    }
    // A checked edition's id is its folder's name.
    const edition = editions.get(name);
    if (!edition) continue;
    const id = name;
    const derived = await derive(join(root, folder), url, edition);
    const own = derived.diagnostics.map((d) => ({ ...d, file: `${folder}/${d.file}` }));
    diagnostics.push(...own);
    if (!derived.ok) ok = false;
    else {
      const { model } = derived;
      const facts: ArchivedFacts = {
        summary: editionSummary(model, id),
        paths: recordPaths(model),
        assets: model.assets.map((a) => a.path),
        diagnostics: own,
        records: 1 + model.teams.length + model.projects.length,
      };
      archived.push({ id, url, folder, facts, model, ...(key === undefined ? {} : { key }) });
      cached += derived.cached;
    }
  }
  return { ok, diagnostics: sortDiagnostics(diagnostics), archived, cached };
}

/**
 * Each edition's key, as it would be published (at `<base>/<name>/`), and the files an earlier
 * build kept under it (edition-outputs.ts), by folder name. A kept edition's manifest is not
 * checked again: its key holds the manifest's bytes, the generator's code and schemas, and the
 * URL, whose last segment is the folder's name, and files are kept only for an edition whose
 * manifest held and whose id was that name. Whether the name is reserved depends on the current
 * edition's files: a reserved name is never looked up, so it is checked, and refused, as before.
 */
async function lookUpKept(
  root: string,
  baseUrl: string,
  found: readonly EditionFolder[],
  reserved: ReadonlySet<string>,
  outputs: EditionOutputs | undefined,
) {
  const looked = new Map<string, { key: string; kept?: ReturnType<EditionOutputs["kept"]> }>();
  if (!outputs) return looked;
  for (const { name, folder, text } of found) {
    if (text === undefined || reserved.has(name)) continue;
    const key = await outputs.key(root, folder, `${baseUrl}${name}/`);
    looked.set(name, { key, kept: outputs.kept(name, key) });
  }
  return looked;
}

/**
 * The current model and the archived ones, each knowing the series (every edition, newest first);
 * the current one also knows which old root URLs now lead under `/<id>/`. No archive: as it was.
 */
export function joinSeries(
  current: Model,
  archived: readonly Archived[],
): { current: Model; archived: Archived[] } {
  if (archived.length === 0) return { current, archived: [] };
  const editions = newestFirst([editionSummary(current, null), ...archived.map((a) => a.facts.summary)]);
  const order = new Map(editions.map((e, i) => [e.id, i]));
  const newest = [...archived].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const moved = editionMoves(
    current,
    newest.map((a) => ({ id: a.id, url: a.url, name: a.facts.summary.name, paths: a.facts.paths })),
  );
  return {
    current: { ...current, series: { id: null, editions, moved } },
    archived: newest.map((a) =>
      a.model ? { ...a, model: { ...a.model, series: { id: a.id, editions, moved: [] } } } : a,
    ),
  };
}

/**
 * Documents that only mean something at the site's root: well-known URIs and robots.txt (RFC
 * 8615), the host's own files, and the series' list, which the root publishes for every edition.
 */
export const rootOnly = (kind: DocumentKind): boolean =>
  kind.rootOnly === true || /^[._]/.test(kind.path) || kind.path === "robots.txt";

/** An archived edition's documents: the registry's, less the root's own. */
export const archivedDocuments: readonly DocumentKind[] = registry.filter((kind) => !rootOnly(kind));

/**
 * The whole site: the current edition at the root, then each archived edition under `<id>/`
 * (`note` told each archived path, for edition-outputs.ts).
 */
export function* seriesOutputs(
  current: Model,
  archived: readonly Archived[],
  parts?: KeptParts,
  note?: (id: string, path: string) => void,
): Generator<Output> {
  yield* renderOutputs(current, registry, parts);
  for (const { id, model } of archived)
    for (const output of model ? renderOutputs(model, archivedDocuments, parts) : []) {
      note?.(id, output.path);
      yield { ...output, path: `${id}/${output.path}` };
    }
}

/** Every edition's public files, each archived one's under `<id>/`. */
export const seriesAssets = (root: string, current: Model, archived: readonly Archived[]): Asset[] => [
  ...current.assets,
  ...archived.flatMap(({ id, folder, facts }) =>
    facts.assets.map((path) => ({ path: `${id}/${path}`, source: join(root, folder, PUBLIC_DIR, path) })),
  ),
];

export { EDITIONS_DIR };
