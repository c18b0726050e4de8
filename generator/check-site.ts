import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { listAssets, type Asset } from "./load/list-assets.ts";
import { loadHandbook, type HandbookSource } from "./load/load-handbook.ts";
import { groupRecords, listRecordFiles, type LoadedRecords, type RecordSource } from "./load/load-records.ts";
import type { RecordFile } from "./load/record-file.ts";
import { checkAll } from "./parallel/check-all.ts";
import { Threads } from "./parallel/threads.ts";
import { validate } from "./validate/validate.ts";

// load → validate, the stages `npm run validate` runs, in a module of their own so that command
// loads none of the rendering code.

/** Checked records, with what else the site is built from and every problem found. */
export interface Checked {
  loaded: LoadedRecords;
  assets: Asset[];
  handbook: HandbookSource[];
  diagnostics: Diagnostic[];
  ok: boolean;
  /** Milliseconds reading and parsing, and validating, summed over threads. */
  times: { load: number; validate: number };
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
