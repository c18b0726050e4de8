import type { EventRecord, ProjectRecord, TeamRecord } from "./contract/records.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { baseUrlWarnings, isoWithOffset, normalizeBaseUrl } from "./derive/base-url.ts";
import { deriveModel } from "./derive/derive-model.ts";
import type { Model } from "./derive/model.ts";
import { listAssets, PUBLIC_DIR, type Asset } from "./load/list-assets.ts";
import { loadHandbook, type HandbookSource } from "./load/load-handbook.ts";
import { groupRecords, listRecordFiles, type LoadedRecords } from "./load/load-records.ts";
import { sourceDate } from "./load/source-date.ts";
import { renderOutputs } from "./render/render-site.ts";
import { checkRecordFile } from "./validate/check-record.ts";
import { validate } from "./validate/validate.ts";
import { writeSite } from "./write/write-site.ts";

export interface Checked {
  loaded: LoadedRecords;
  assets: Asset[];
  handbook: HandbookSource[];
  diagnostics: Diagnostic[];
  ok: boolean;
}

/** load → validate: what `npm run validate` runs. */
export async function check(root: string): Promise<Checked> {
  const [listing, listed, handbook] = await Promise.all([
    listRecordFiles(root),
    listAssets(root),
    loadHandbook(root),
  ]);
  const { sources, diagnostics: found } = listing;
  const loaded = groupRecords(
    sources.flatMap((source) => checkRecordFile(root, source, found) ?? []),
    found,
  );
  const { diagnostics, ok } = validate(loaded, listed.assets, [
    ...listed.diagnostics,
    ...handbook.diagnostics,
  ]);
  return { loaded, assets: listed.assets, handbook: handbook.pages, diagnostics, ok };
}

export interface ModelOptions {
  root: string;
  baseUrl: string;
  env?: NodeJS.ProcessEnv;
}

export type Derived =
  | { ok: true; diagnostics: Diagnostic[]; model: Model; records: number }
  | { ok: false; diagnostics: Diagnostic[] };

/** load → validate → derive: the published model of a checkout, without writing anything. */
export async function deriveSite(options: ModelOptions): Promise<Derived> {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const checked = await check(options.root);
  if (!checked.ok || !checked.loaded.event) return { ok: false, diagnostics: checked.diagnostics };

  const { event, teams, projects } = checked.loaded;
  const inputs = [event, ...teams, ...projects].map((r) => r.file);
  inputs.push(...checked.handbook.map((h) => h.file));
  inputs.push(...checked.assets.map((a) => `${PUBLIC_DIR}/${a.path}`));
  const generatedAt = isoWithOffset(await sourceDate(options.root, inputs, options.env));

  const model = deriveModel(
    {
      event: event.data as EventRecord,
      teams: teams.map((t) => ({ slug: t.slug, record: t.data as TeamRecord })),
      projects: projects.map((p) => ({ slug: p.slug, record: p.data as ProjectRecord })),
    },
    { assets: checked.assets, handbook: checked.handbook },
    { baseUrl, generatedAt },
  );
  return { ok: true, diagnostics: checked.diagnostics, model, records: 1 + teams.length + projects.length };
}

export interface BuildOptions extends ModelOptions {
  outDir: string;
}

export interface BuildSummary {
  records: number;
  documents: number;
  files: number;
  bytes: number;
  milliseconds: number;
}

export type BuildResult =
  | { ok: true; diagnostics: Diagnostic[]; summary: BuildSummary; warnings: string[]; model: Model }
  | { ok: false; diagnostics: Diagnostic[] };

/** load → validate → derive → render → write. Invalid records stop the build before anything is written. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const derived = await deriveSite(options);
  if (!derived.ok) return derived;
  const { model } = derived;
  const written = await writeSite(options.outDir, renderOutputs(model), model.assets);
  return {
    ok: true,
    diagnostics: derived.diagnostics,
    warnings: baseUrlWarnings(model.baseUrl),
    model,
    summary: {
      records: derived.records,
      documents: written.files - model.assets.length,
      files: written.files,
      bytes: written.bytes,
      milliseconds: Math.round(performance.now() - started),
    },
  };
}
