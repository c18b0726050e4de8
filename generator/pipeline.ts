import type { EventRecord, ProjectRecord, TeamRecord } from "./contract/records.ts";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { baseUrlWarnings, isoWithOffset, normalizeBaseUrl } from "./derive/base-url.ts";
import { deriveModel } from "./derive/derive-model.ts";
import type { Model } from "./derive/model.ts";
import { check, type Checked } from "./check-site.ts";
import { PUBLIC_DIR } from "./load/list-assets.ts";
import { startSourceDate, type SourceInput } from "./load/source-date.ts";
import { Threads } from "./parallel/threads.ts";
import { writeAll } from "./parallel/write-all.ts";

export { check, listSite, validateSite, type Checked, type SiteListing } from "./check-site.ts";

/** Milliseconds per stage, summed over threads (so with workers they add up to more than the wall time). */
export interface StageTimes {
  load: number;
  validate: number;
  derive: number;
  render: number;
  write: number;
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
export function inputsOf(checked: Checked): SourceInput[] {
  const { event, teams, projects } = checked.loaded;
  const inputs: SourceInput[] = [...(event ? [event] : []), ...teams, ...projects];
  inputs.push(...checked.handbook.map((h) => ({ file: h.file })));
  inputs.push(...checked.assets.map((a) => ({ file: `${PUBLIC_DIR}/${a.path}` })));
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
