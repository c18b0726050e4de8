import { renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { keepDerivedValues } from "../derive/kept.ts";
import { baseUrlWarnings, isoWithOffset, normalizeBaseUrl } from "../derive/base-url.ts";
import type { Model } from "../derive/model.ts";
import type { RecordFile } from "../load/record-file.ts";
import { sourceDate } from "../load/source-date.ts";
import { checkAll } from "../parallel/check-all.ts";
import { Threads } from "../parallel/threads.ts";
import { writeAll } from "../parallel/write-all.ts";
import { inputsOf, listSite, modelOf, validateSite, type BuildOptions, type Checked } from "../pipeline.ts";
import { documents } from "../render/registry.ts";
import { renderOutputs } from "../render/render-site.ts";
import { writeInto } from "../write/write-site.ts";
import { affectedPages } from "./affected-pages.ts";

export type DevResult =
  | {
      ok: true;
      full: boolean;
      rendered: number;
      written: number;
      removed: number;
      milliseconds: number;
      warnings: string[];
      diagnostics: Diagnostic[];
    }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * `npm run dev`'s builder. The first build is a full one; after that it keeps the checked records
 * and the last model, re-reads only the files the watcher reported, renders the documents about
 * the whole site and only the per-record pages the change affects, and writes only files whose
 * bytes changed. A change to the event, the handbook or the site's files rebuilds everything.
 */
export class DevBuild {
  private readonly records = new Map<string, { record?: RecordFile; diagnostics: Diagnostic[] }>();
  private last?: { model: Model; site: string; paths: Set<string> };
  /** What update() last wrote on each path, to write only files whose bytes changed. */
  private readonly bodies = new Map<string, string | string[]>();
  private newest = 0;

  constructor(private readonly options: BuildOptions) {
    keepDerivedValues(true);
  }

  /** `changed`: repository-relative paths the watcher saw change; undefined re-reads everything. */
  async rebuild(changed?: ReadonlySet<string>): Promise<DevResult> {
    const started = performance.now();
    const { root } = this.options;
    const baseUrl = normalizeBaseUrl(this.options.baseUrl);
    const listing = await listSite(root);
    const fresh = listing.sources.filter(
      (s) => changed === undefined || !this.records.has(s.file) || changed.has(s.file),
    );
    const threads = new Threads(this.options.threads);
    try {
      const checked = await checkAll(root, fresh, threads.workersFor(fresh.length));
      const known = new Set(listing.sources.map((s) => s.file));
      for (const file of this.records.keys()) if (!known.has(file)) this.records.delete(file);
      for (const source of fresh) this.records.set(source.file, { diagnostics: [] });
      for (const record of checked.records) this.records.get(record.file)!.record = record;
      for (const d of checked.diagnostics) this.records.get(d.file)?.diagnostics.push(d);

      const all = listing.sources.flatMap((s) => this.records.get(s.file)?.record ?? []);
      const state = validateSite(
        listing,
        all,
        [...this.records.values()].flatMap((r) => r.diagnostics),
      );
      if (!state.ok || !state.loaded.event) return { ok: false, diagnostics: state.diagnostics };

      const model = modelOf(
        state,
        baseUrl,
        await this.generatedAt(
          state,
          fresh.map((s) => s.file),
        ),
      );
      // Everything a per-record page shows besides its own records: the event, the handbook, the files.
      const site = JSON.stringify([
        model.event,
        model.handbook,
        model.assets.map((a) => [a.path, stamp(a.source)]),
      ]);
      const done = { warnings: baseUrlWarnings(baseUrl), diagnostics: state.diagnostics };

      if (!this.last || this.last.site !== site) {
        const written = await writeAll(model, this.options.outDir, threads.workersFor(all.length));
        this.bodies.clear();
        this.last = { model, site, paths: new Set(written.paths) };
        const milliseconds = performance.now() - started;
        return {
          ok: true,
          full: true,
          rendered: written.files,
          written: written.files,
          removed: 0,
          milliseconds,
          ...done,
        };
      }
      // Files read again, and files the watcher saw that are gone now.
      const touched = [...fresh.map((s) => s.file), ...(changed ?? [])];
      return { ok: true, full: false, ...this.update(model, site, touched, started), ...done };
    } finally {
      await threads.close();
    }
  }

  private update(model: Model, site: string, files: string[], started: number) {
    const slugsOf = (folder: string) =>
      new Set(
        files.filter((f) => f.startsWith(folder)).map((f) => f.slice(folder.length).replace(/\.ya?ml$/, "")),
      );
    const affected = affectedPages(this.last!.model, model, {
      teams: slugsOf("records/teams/"),
      projects: slugsOf("records/projects/"),
    });
    const out = resolve(this.options.outDir);
    const paths = new Set<string>(model.assets.map((a) => a.path));
    let rendered = 0;
    let written = 0;
    const outputs = renderOutputs(model, documents, {
      // Pages of any other per-record kind are rendered again: safe, if not incremental.
      skip: (kind, slug) =>
        kind.name === "team-page"
          ? !affected.teams.has(slug)
          : kind.name === "project-page"
            ? !affected.projects.has(slug)
            : false,
      onPath: (path) => paths.add(path),
    });
    for (const output of outputs) {
      rendered++;
      // Comparing the text costs less than hashing it, and next to nothing when the lengths differ;
      // a list's parts are mostly the very strings kept from the last time, compared part by part.
      const content = output.parts ? [...output.parts()] : output.body;
      if (sameContent(this.bodies.get(output.path), content)) continue;
      // Written beside, then renamed: the server never sends half a file.
      writeInto(out, `${output.path}.dev-tmp`, content);
      renameSync(join(out, `${output.path}.dev-tmp`), join(out, output.path));
      this.bodies.set(output.path, content);
      written++;
    }
    let removed = 0;
    for (const path of this.last!.paths)
      if (!paths.has(path)) {
        rmSync(join(out, path), { force: true });
        this.bodies.delete(path);
        removed++;
      }
    this.last = { model, site, paths };
    return { rendered, written, removed, milliseconds: performance.now() - started };
  }

  /** SOURCE_DATE_EPOCH, else the clean build's rule once, then the newest change seen since. */
  private async generatedAt(state: Checked, files: string[]): Promise<string> {
    const env = this.options.env ?? process.env;
    if (env.SOURCE_DATE_EPOCH !== undefined && this.last) return this.last.model.generatedAt;
    if (!this.last) this.newest = (await sourceDate(this.options.root, inputsOf(state), env)).getTime();
    else
      for (const file of files)
        this.newest = Math.max(this.newest, Math.floor(stamp(join(this.options.root, file)) / 1000) * 1000);
    return isoWithOffset(new Date(this.newest));
  }
}

function stamp(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function sameContent(last: string | string[] | undefined, next: string | string[]): boolean {
  if (typeof last === "string" || typeof next === "string") return last === next;
  return last !== undefined && last.length === next.length && last.every((part, i) => part === next[i]);
}
