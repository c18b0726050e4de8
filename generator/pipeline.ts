import { statSync } from "node:fs";
import { recordSchemas } from "./contract/record-schemas.ts";
import type { BuildMemory } from "./build-memory.ts";
import type { RecordCache } from "./cache/record-cache.ts";
import type { EventRecord, ProjectRecord, TeamRecord } from "./contract/records.ts";
import { sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.ts";
import { baseUrlWarnings, isoWithOffset, normalizeBaseUrl } from "./derive/base-url.ts";
import { readSeedHistory } from "./load/seed-history.ts";
import { startGitInputs } from "./load/git-inputs.ts";
import { recordDates, recordDatesError } from "./load/record-dates.ts";
import { GitFailed } from "./load/git-answer.ts";
import { deriveModel } from "./derive/derive-model.ts";
import { judgeLoadWarnings } from "./derive/judge-load.ts";
import { judgeShortfallWarnings } from "./derive/judge-shortfall.ts";
import { repositoryWarnings } from "./derive/repository-warning.ts";
import { unseatedErrors } from "./derive/expo.ts";
import type { Model, ValidRecords } from "./derive/model.ts";
import { listAssets, PUBLIC_DIR, type Asset } from "./load/list-assets.ts";
import { UnreadableNames, unreadableNameDiagnostic } from "./load/list-tree.ts";
import { loadForms } from "./load/load-forms.ts";
import { loadHandbook, type HandbookSource } from "./load/load-handbook.ts";
import { groupRecords, listRecordFiles, type LoadedRecords } from "./load/load-records.ts";
import type { RecordFile } from "./load/record-file.ts";
import { sourceDate, type SourceInput } from "./load/source-date.ts";
import { reservedNames } from "./render/reserved-slugs.ts";
import { checkRecordFile } from "./validate/check-record.ts";
import { validate } from "./validate/validate.ts";
import { checkSite } from "./write/check-site.ts";
import { clashDiagnostics, type ClashSite } from "./write/clash-diagnostic.ts";
import { PathClash } from "./write/path-claims.ts";
import { writeSite } from "./write/write-site.ts";
import { pagesLimitWarnings } from "./write/pages-limit.ts";
import { EditionOutputs, planArchived } from "./edition-outputs.ts";
import { startIndexListing } from "./cache/git-index-key.ts";
import { EDITIONS_DIR, hasEditions } from "./load/list-editions.ts";
import { deriveArchived, joinSeries, seriesAssets, seriesOutputs } from "./series.ts";
import type { Edition } from "./validate/edition-manifest.ts";

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
  /** An archived edition's folder (series.ts): dated by its manifest, not by git. */
  edition?: Edition;
  /** The caller began the cache's run and saves it, once for every edition's records (series.ts). */
  cacheHeld?: boolean;
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
  if (!options.cacheHeld) cache?.begin();
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
  if (!options.cacheHeld) cache?.save();
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
  const { edition } = options;
  // An archived edition is dated by its manifest: after its move, git would date it by the move.
  const git = edition ? Promise.resolve(undefined) : startGitInputs(options.root, options.memory?.git);
  const checked = await check(options);
  const { event, teams, projects } = checked.loaded;
  if (!checked.ok || !event) return { ok: false, diagnostics: checked.diagnostics };
  const seed = (event.data as EventRecord).judging?.seed;
  // Which projects came after the seed and what the tables were handed out from, read from git
  // while the dates are (an archived edition's stay as they were).
  const history = edition
    ? undefined
    : readSeedHistory(
        options.root,
        event,
        seed,
        projects.map((p) => p.slug),
      );
  const inputs: SourceInput[] = [event, ...teams, ...projects, ...checked.handbook];
  inputs.push(...checked.assets.map((a) => ({ file: `${PUBLIC_DIR}/${a.path}` })));
  let generatedAt: string;
  let times: Map<string, Date> | undefined;
  try {
    generatedAt = edition?.generatedAt ?? isoWithOffset(await sourceDate(options.root, inputs, env, git));
    times = edition ? undefined : await recordDates(options.root, env, git, [event, ...teams, ...projects]);
  } catch (error) {
    // git is here and failed: the dates are not known (record-dates.ts), not the files' times.
    if (!(error instanceof GitFailed)) throw error;
    return { ok: false, diagnostics: sortDiagnostics([...checked.diagnostics, recordDatesError(error)]) };
  }
  // A record the manifest does not date takes the edition's own date.
  const dated = (file: string) =>
    times ? isoWithOffset(times.get(file)!) : (edition!.recordDates.get(file) ?? generatedAt);
  const bySlug = (list: readonly { slug: string; file: string }[]) =>
    new Map(list.map((r) => [r.slug, dated(r.file)]));
  const seeded = await history;
  if (seeded && "error" in seeded)
    return { ok: false, diagnostics: sortDiagnostics([...checked.diagnostics, seeded.error]) };
  const model = deriveModel(
    validRecords(checked.loaded),
    { assets: checked.assets, handbook: checked.handbook },
    {
      baseUrl,
      generatedAt,
      updatedAt: { teams: bySlug(teams), projects: bySlug(projects), event: dated(event.file) },
      ...seeded,
      ...repositoryFrom(options.env ?? process.env),
      archived: edition !== undefined,
    },
  );
  // The judges' loads and the projects short of judges are the published assignment's (late
  // arrivals included), so they are told here; and a repository the build does not know, which
  // only the derived event says.
  const load = [
    ...judgeLoadWarnings(model, event),
    ...judgeShortfallWarnings(model, event),
    ...repositoryWarnings(model, event),
  ];
  // Likewise a project that came late finds a free table or none: the build stops, saying why.
  const unseated = unseatedErrors(model, projects);
  if (unseated.length)
    return { ok: false, diagnostics: sortDiagnostics([...checked.diagnostics, ...load, ...unseated]) };
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

/**
 * Every archived edition under editions/<id>/ (series.ts), each derived as deriveSite derives the
 * current edition, with its folder as the root and `<base>/<id>/` as the base URL. `held`: the
 * caller began the cache's run and saves it; without, no cache is used (each run would compact the
 * others' entries away).
 */
export function deriveEditions(
  options: ModelOptions,
  assets: readonly Asset[],
  held = false,
  outputs?: EditionOutputs,
) {
  const { env, cache } = options;
  return deriveArchived(
    options.root,
    normalizeBaseUrl(options.baseUrl),
    assets,
    (root, baseUrl, edition) =>
      deriveSite({
        root,
        baseUrl,
        edition,
        cacheHeld: held,
        ...(env ? { env } : {}),
        ...(held && cache ? { cache } : {}),
      }),
    outputs,
  );
}

export interface BuildOptions extends ModelOptions {
  outDir: string;
  /** The host's limit on a published site, in bytes: GitHub Pages' 1 GB unless a test says less. */
  pagesLimit?: number;
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
export function build(options: BuildOptions): Promise<BuildResult> {
  return buildInto(options, options.outDir);
}

/**
 * The build with nothing written (Validate): every document rendered and checked as the writer
 * would write it (write/check-site.ts), so it refuses what a build refuses; the same result.
 */
export function checkBuild(options: Omit<BuildOptions, "outDir">): Promise<BuildResult> {
  return buildInto(options, null);
}

async function buildInto(options: Omit<BuildOptions, "outDir">, outDir: string | null): Promise<BuildResult> {
  const started = performance.now();
  const { root, cache } = options;
  // Archived editions' records share the cache's one run with the current edition's, so a save
  // keeps the entries of both (record-cache.ts keeps only what a run used when it compacts).
  const held = cache !== undefined && hasEditions(root);
  if (held) cache.begin();
  // An archived edition whose bytes are unchanged is copied from the files kept for it (Publish).
  // Git's word on the archive's files is asked at once, while the current edition is read.
  const outputs =
    held && !options.memory
      ? EditionOutputs.open(root, undefined, startIndexListing(root, EDITIONS_DIR))
      : undefined;
  let derived: Derived;
  let past: Awaited<ReturnType<typeof deriveArchived>>;
  try {
    derived = await deriveSite({ ...options, cacheHeld: held });
    past = await deriveEditions(options, derived.ok ? derived.model.assets : [], held, outputs);
  } catch (error) {
    // An archived edition's folder keyed (cache/folder-key.ts) holding a name that is not UTF-8.
    if (!(error instanceof UnreadableNames)) throw error;
    return {
      ok: false,
      diagnostics: sortDiagnostics(error.names.map((n) => unreadableNameDiagnostic(root, n))),
    };
  } finally {
    if (held) cache.save();
  }
  if (!derived.ok || !past.ok)
    return { ok: false, diagnostics: sortDiagnostics([...derived.diagnostics, ...past.diagnostics]) };
  const { current: model, archived } = joinSeries(derived.model, past.archived);
  const assets = seriesAssets(root, model, archived);
  const plan = planArchived(archived, outputs);
  // Parts kept on disk spare a fresh process (Publish) rendering them; `npm run dev` keeps its
  // pages in memory instead, and reading the file each save would cost more than it spares.
  const parts = options.memory ? undefined : cache?.parts();
  parts?.begin();
  const documents = seriesOutputs(model, archived, parts, plan.note);
  const files = [...assets, ...plan.copied];
  let written: Awaited<ReturnType<typeof writeSite>>;
  try {
    written =
      outDir === null
        ? checkSite(documents, files)
        : await writeSite(outDir, documents, files, options.memory?.pages);
  } catch (error) {
    // Records or public files that claim one path: an error at each, as Validate reports any other.
    const found =
      error instanceof PathClash ? clashDiagnostics(error, root, clashSites(model, archived)) : [];
    if (found.length === 0) throw error;
    return {
      ok: false,
      diagnostics: sortDiagnostics([...derived.diagnostics, ...past.diagnostics, ...found]),
    };
  }
  parts?.save();
  if (outDir !== null) plan.save(outDir);
  // The host counts every file: the documents written and the files copied as they are.
  const published = [...assets, ...plan.copied].reduce(
    (n, a) => n + (a.kept?.size ?? statSync(a.source).size),
    written.bytes,
  );
  const records = archived.reduce(
    (n, a) => n + a.facts.records,
    1 + model.teams.length + model.projects.length,
  );
  return {
    ok: true,
    diagnostics: past.diagnostics.length
      ? sortDiagnostics([...derived.diagnostics, ...past.diagnostics])
      : derived.diagnostics,
    warnings: [...baseUrlWarnings(model.baseUrl), ...pagesLimitWarnings(published, options.pagesLimit)],
    model,
    summary: {
      records,
      documents: written.files - assets.length,
      ...written,
      cached: derived.cached + past.cached,
      milliseconds: Math.round(performance.now() - started),
    },
  };
}

/** Where each edition is published and its records are, for naming a clash's records. */
function clashSites(
  model: Model,
  archived: ReadonlyArray<{ id: string; folder: string; model?: Model }>,
): ClashSite[] {
  return [
    { prefix: "", folder: "", model },
    ...archived.map((a) => ({
      prefix: `${a.id}/`,
      folder: `${a.folder}/`,
      ...(a.model ? { model: a.model } : {}),
    })),
  ];
}
