import type { EventRecord, ProjectRecord, TeamRecord } from "./contract/records.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { baseUrlWarnings, isoWithOffset, normalizeBaseUrl } from "./derive/base-url.ts";
import { deriveModel } from "./derive/derive-model.ts";
import type { Model } from "./derive/model.ts";
import { listAssets, PUBLIC_DIR, type Asset } from "./load/list-assets.ts";
import { loadHandbook, type HandbookSource } from "./load/load-handbook.ts";
import { groupRecords, listRecordFiles, type LoadedRecords, type RecordSource } from "./load/load-records.ts";
import type { RecordFile } from "./load/record-file.ts";
import { startSourceDate } from "./load/source-date.ts";
import { checkAll } from "./parallel/check-all.ts";
import { Threads } from "./parallel/threads.ts";
import { writeAll } from "./parallel/write-all.ts";
import { validate } from "./validate/validate.ts";

export interface Checked {
  loaded: LoadedRecords;
  assets: Asset[];
  handbook: HandbookSource[];
  diagnostics: Diagnostic[];
  ok: boolean;
  times: Pick<StageTimes, "load" | "validate">;
}

/** Milliseconds per stage, summed over threads (so with workers they add up to more than the wall time). */
export interface StageTimes {
  load: number;
  validate: number;
  derive: number;
  render: number;
  write: number;
}

/** load → validate: what `npm run validate` runs. Records are checked on every core of a large site. */
export async function check(root: string, shared?: Threads): Promise<Checked> {
  const threads = shared ?? new Threads();
  try {
    return await checkWith(root, threads);
  } finally {
    // Threads a caller did not lend are this call's to stop.
    if (!shared) await threads.close();
  }
}

async function checkWith(root: string, threads: Threads): Promise<Checked> {
  const site = await listSite(root);
  const checked = await checkAll(root, site.sources, threads.workersFor(site.sources.length));
  const result = validateSite(site, checked.records, checked.diagnostics);
  result.times.load += checked.times.load;
  result.times.validate += checked.times.validate;
  return result;
}

/** What a site is built from, listed: record files, public files and handbook chapters. */
export interface SiteListing {
  sources: RecordSource[];
  assets: Asset[];
  handbook: HandbookSource[];
  /** Problems found while listing (badly named files, handbook chapters). */
  diagnostics: Diagnostic[];
}

export async function listSite(root: string): Promise<SiteListing> {
  const [listing, listed, handbook] = await Promise.all([
    listRecordFiles(root),
    listAssets(root),
    loadHandbook(root),
  ]);
  return {
    sources: listing.sources,
    assets: listed.assets,
    handbook: handbook.pages,
    diagnostics: [...listing.diagnostics, ...listed.diagnostics, ...handbook.diagnostics],
  };
}

/** The cross-record rules over checked records, with the problems found so far. */
export function validateSite(site: SiteListing, records: RecordFile[], found: Diagnostic[]): Checked {
  const started = performance.now();
  const loaded = groupRecords(records, []);
  const { diagnostics, ok } = validate(loaded, site.assets, [...site.diagnostics, ...found]);
  const times = { load: 0, validate: performance.now() - started };
  return { loaded, assets: site.assets, handbook: site.handbook, diagnostics, ok, times };
}

export interface ModelOptions {
  root: string;
  baseUrl: string;
  env?: NodeJS.ProcessEnv;
}

export type Derived =
  | {
      ok: true;
      diagnostics: Diagnostic[];
      model: Model;
      records: number;
      times: Omit<StageTimes, "render" | "write">;
    }
  | { ok: false; diagnostics: Diagnostic[] };

/** load → validate → derive: the published model of a checkout, without writing anything. */
export async function deriveSite(options: ModelOptions, threads?: Threads): Promise<Derived> {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const dated = startSourceDate(options.root, options.env);
  const checked = await check(options.root, threads);
  if (!checked.ok || !checked.loaded.event) return { ok: false, diagnostics: checked.diagnostics };

  const started = performance.now();
  const generatedAt = isoWithOffset(await dated(inputsOf(checked)));
  const model = modelOf(checked, baseUrl, generatedAt);
  const times = { ...checked.times, derive: performance.now() - started };
  return {
    ok: true,
    diagnostics: checked.diagnostics,
    model,
    records: 1 + checked.loaded.teams.length + checked.loaded.projects.length,
    times,
  };
}

/** Every file the site is built from, for `generatedAt`. */
export function inputsOf(checked: Checked): string[] {
  const { event, teams, projects } = checked.loaded;
  const inputs = [...(event ? [event] : []), ...teams, ...projects].map((r) => r.file);
  inputs.push(...checked.handbook.map((h) => h.file));
  inputs.push(...checked.assets.map((a) => `${PUBLIC_DIR}/${a.path}`));
  return inputs;
}

/** derive: the model of valid, checked records. */
export function modelOf(checked: Checked, baseUrl: string, generatedAt: string): Model {
  const { event, teams, projects } = checked.loaded;
  return deriveModel(
    {
      event: event!.data as EventRecord,
      teams: teams.map((t) => ({ slug: t.slug, record: t.data as TeamRecord })),
      projects: projects.map((p) => ({ slug: p.slug, record: p.data as ProjectRecord })),
    },
    { assets: checked.assets, handbook: checked.handbook },
    { baseUrl, generatedAt },
  );
}

export interface BuildOptions extends ModelOptions {
  outDir: string;
  /** Threads to use; by default every core for a large site, one for a small one. */
  threads?: number;
}

export interface BuildSummary {
  records: number;
  documents: number;
  files: number;
  bytes: number;
  milliseconds: number;
  times: StageTimes;
}

export type BuildResult =
  | { ok: true; diagnostics: Diagnostic[]; summary: BuildSummary; warnings: string[]; model: Model }
  | { ok: false; diagnostics: Diagnostic[] };

/** load → validate → derive → render → write. Invalid records stop the build before anything is written. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const threads = new Threads(options.threads);
  try {
    const derived = await deriveSite(options, threads);
    if (!derived.ok) return derived;
    const { model } = derived;
    const written = await writeAll(model, options.outDir, threads.current);
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
        times: { ...derived.times, render: written.render, write: written.write },
      },
    };
  } finally {
    await threads.close();
  }
}
