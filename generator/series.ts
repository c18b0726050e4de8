import { join } from "node:path";
import type { KeptParts } from "./cache/rendered-parts.ts";
import { sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.ts";
import { editionMoves, editionSummary, newestFirst } from "./derive/editions.ts";
import type { Model } from "./derive/model.ts";
import type { Asset } from "./load/list-assets.ts";
import { EDITIONS_DIR, listEditions } from "./load/list-editions.ts";
import { documents as registry } from "./render/registry.ts";
import { renderOutputs } from "./render/render-site.ts";
import { reservedRootNames } from "./render/reserved-slugs.ts";
import type { DocumentKind, Output } from "./render/shared/document.ts";
import { checkEditions, type Edition } from "./validate/edition-manifest.ts";

/** One archived edition, derived: its id and its published model (based at `<base>/<id>/`). */
export interface Archived {
  id: string;
  model: Model;
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
): Promise<{ ok: boolean; diagnostics: Diagnostic[]; archived: Archived[]; cached: number }> {
  const listed = await listEditions(root);
  // An id is no name the site takes at its root: the registry's documents and the public files.
  const reserved = reservedRootNames(assets.map((a) => a.path));
  const checked = checkEditions(listed.found, reserved);
  const diagnostics = [...listed.diagnostics, ...checked.diagnostics];
  const archived: Archived[] = [];
  let cached = 0;
  let ok = !diagnostics.some((d) => d.severity === "error");
  for (const edition of checked.editions) {
    const derived = await derive(join(root, edition.folder), `${baseUrl}${edition.id}/`, edition);
    diagnostics.push(...derived.diagnostics.map((d) => ({ ...d, file: `${edition.folder}/${d.file}` })));
    if (!derived.ok) ok = false;
    else {
      archived.push({ id: edition.id, model: derived.model });
      cached += derived.cached;
    }
  }
  return { ok, diagnostics: sortDiagnostics(diagnostics), archived, cached };
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
  const editions = newestFirst([
    editionSummary(current, null),
    ...archived.map((a) => editionSummary(a.model, a.id)),
  ]);
  const order = new Map(editions.map((e, i) => [e.id, i]));
  const newest = [...archived].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    current: { ...current, series: { id: null, editions, moved: editionMoves(current, newest) } },
    archived: newest.map((a) => ({
      id: a.id,
      model: { ...a.model, series: { id: a.id, editions, moved: [] } },
    })),
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
    for (const output of renderOutputs(model, archivedDocuments, parts)) {
      note?.(id, output.path);
      yield { ...output, path: `${id}/${output.path}` };
    }
}

/** Every edition's public files, each archived one's under `<id>/`. */
export const seriesAssets = (current: Model, archived: readonly Archived[]): Asset[] => [
  ...current.assets,
  ...archived.flatMap(({ id, model }) => model.assets.map((a) => ({ ...a, path: `${id}/${a.path}` }))),
];

export { EDITIONS_DIR };
