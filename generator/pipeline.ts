import { recordSchemas } from "./contract/record-schemas.ts";
import type { BuildMemory } from "./build-memory.ts";
import type { RecordCache } from "./cache/record-cache.ts";
import type { EventRecord, ProjectRecord, TeamRecord } from "./contract/records.ts";
import { sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.ts";
import { baseUrlWarnings, isoWithOffset, normalizeBaseUrl } from "./derive/base-url.ts";
import { arrivalsAfterSeed } from "./load/arrivals-after-seed.ts";
import { startGitInputs } from "./load/git-inputs.ts";
import { recordDates } from "./load/record-dates.ts";
import { deriveModel } from "./derive/derive-model.ts";
import { judgeLoadWarnings } from "./derive/judge-load.ts";
import type { Model, ValidRecords } from "./derive/model.ts";
import { listAssets, PUBLIC_DIR, type Asset } from "./load/list-assets.ts";
import { loadForms } from "./load/load-forms.ts";
import { loadHandbook, type HandbookSource } from "./load/load-handbook.ts";
import { groupRecords, listRecordFiles, type LoadedRecords } from "./load/load-records.ts";
import type { RecordFile } from "./load/record-file.ts";
import { sourceDate, type SourceInput } from "./load/source-date.ts";
import { renderOutputs } from "./render/render-site.ts";
import { reservedNames } from "./render/reserved-slugs.ts";
import { checkRecordFile } from "./validate/check-record.ts";
import { validate } from "./validate/validate.ts";
import { writeSite } from "./write/write-site.ts";

/**
 * The one build path: load → validate → derive → render → write. `npm run validate` stops after
 * validate, the Actions' API diff after derive, `npm run build`, `npm start` and `npm run dev` go
 * to the end. Each stage only reads what the one before it made.
 */
export interface PipelineOptions {
  root: string;
  env?: NodeJS.ProcessEnv;
  /** Where each record's load + validate result is kept between runs; none by default (`--no-cache`). */
  cache?: RecordCache;
  /** The previous build's records in memory (`npm run dev`): only files saved since are read again. */
  memory?: BuildMemory;
}

/** Checked records, with what else the site is built from and every problem found. */
export interface Checked {
  loaded: LoadedRecords;
  assets: Asset[];
  handbook: HandbookSource[];
  diagnostics: Diagnostic[];
  ok: boolean;
  /** Records whose check came from the memory or the cache. */
  cached: number;
}

/** load → validate: every record read and checked alone (or taken from the cache), then every cross-record rule. */
export async function check({ root, memory, ...options }: PipelineOptions): Promise<Checked> {
  // Once the memory holds the records, the few files a save names are checked without the cache
  // on disk: reading it costs more than they do, and a run that used few entries would compact it
  // down to them (record-cache.ts). Its entries for those files are merely older.
  const cache = memory?.warm ? undefined : options.cache;
  cache?.begin();
  memory?.begin();
  const [listing, listed, handbook, forms] = await Promise.all([
    listRecordFiles(root),
    listAssets(root),
    loadHandbook(root),
    loadForms(root),
  ]);
  const diagnostics = [...listing.diagnostics, ...listed.diagnostics, ...handbook.diagnostics];
  // What `npm run dev` keeps for the next save; a build without memory keeps nothing.
  const kept = memory && new Map<string, { record: RecordFile; diagnostics: Diagnostic[] }>();
  const records = listing.sources.flatMap((source) => {
    const known = memory?.recall(source.file);
    if (known) diagnostics.push(...known.diagnostics);
    const from = diagnostics.length;
    const record = known?.record ?? checkRecordFile(root, source, diagnostics, cache);
    if (record) kept?.set(source.file, known ?? { record, diagnostics: diagnostics.slice(from) });
    return record ?? [];
  });
  const cached = (memory?.recalled ?? 0) + (cache?.hits ?? 0);
  if (kept) memory!.keep(kept);
  cache?.save();
  const loaded = groupRecords(records);
  const strays = [...listing.strays, ...handbook.strays];
  const validation = validate(
    loaded,
    { assets: listed.assets, handbook: handbook.pages, strays, forms, reserved: reservedNames() },
    diagnostics,
  );
  return { loaded, assets: listed.assets, handbook: handbook.pages, cached, ...validation };
}

export interface ModelOptions extends PipelineOptions {
  baseUrl: string;
}

export type Derived =
  | { ok: true; diagnostics: Diagnostic[]; model: Model; cached: number }
  | { ok: false; diagnostics: Diagnostic[] };

/** load → validate → derive: the published model, dated by its inputs (see source-date.ts). */
export async function deriveSite(options: ModelOptions): Promise<Derived> {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const env = options.env ?? process.env;
  const git = startGitInputs(options.root, options.memory?.git);
  const checked = await check(options);
  const { event, teams, projects } = checked.loaded;
  if (!checked.ok || !event) return { ok: false, diagnostics: checked.diagnostics };
  const seed = (event.data as EventRecord).judging?.seed;
  const arrivals = arrivalsAfterSeed(
    options.root,
    seed,
    projects.map((p) => p.slug),
  );
  const inputs: SourceInput[] = [event, ...teams, ...projects, ...checked.handbook];
  inputs.push(...checked.assets.map((a) => ({ file: `${PUBLIC_DIR}/${a.path}` })));
  const generatedAt = isoWithOffset(await sourceDate(options.root, inputs, env, git));
  const times = await recordDates(options.root, env, git, [...teams, ...projects]);
  const bySlug = (list: readonly { slug: string; file: string }[]) =>
    new Map(list.map((r) => [r.slug, isoWithOffset(times.get(r.file)!)]));
  const model = deriveModel(
    validRecords(checked.loaded),
    { assets: checked.assets, handbook: checked.handbook },
    {
      baseUrl,
      generatedAt,
      updatedAt: { teams: bySlug(teams), projects: bySlug(projects) },
      lateArrivals: await arrivals,
      ...repositoryFrom(options.env ?? process.env),
    },
  );
  // The judges' loads are the published assignment's (late arrivals included), so they are told here.
  const load = judgeLoadWarnings(model, event);
  const diagnostics = load.length ? sortDiagnostics([...checked.diagnostics, ...load]) : checked.diagnostics;
  return { ok: true, diagnostics, model, cached: checked.cached };
}

/** Checked records as derive reads them: the schema has filled in their defaults. */
export function validRecords({ event, teams, projects }: LoadedRecords): ValidRecords {
  return {
    event: event!.data as EventRecord,
    teams: teams.map((t) => ({ slug: t.slug, record: t.data as TeamRecord })),
    projects: projects.map((p) => ({ slug: p.slug, record: p.data as ProjectRecord })),
  };
}

/** GitHub Actions names the repository it runs in; anything else is not taken for one. */
function repositoryFrom(env: NodeJS.ProcessEnv): { repository?: string } {
  const name = env.GITHUB_REPOSITORY;
  return name && new RegExp(recordSchemas.event.properties.repository.pattern).test(name)
    ? { repository: name }
    : {};
}

export interface BuildOptions extends ModelOptions {
  outDir: string;
}

export interface BuildSummary {
  records: number;
  documents: number;
  files: number;
  bytes: number;
  /** Files written (all, unless only changed ones are) and files removed. */
  written: number;
  removed: number;
  /** Records whose check came from the cache, and records checked. */
  cached: number;
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
  const written = await writeSite(options.outDir, renderOutputs(model), model.assets, options.memory?.pages);
  return {
    ok: true,
    diagnostics: derived.diagnostics,
    warnings: baseUrlWarnings(model.baseUrl),
    model,
    summary: {
      records: 1 + model.teams.length + model.projects.length,
      documents: written.files - model.assets.length,
      ...written,
      cached: derived.cached,
      milliseconds: Math.round(performance.now() - started),
    },
  };
}
