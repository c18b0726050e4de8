import { statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { RecordFile } from "../load/record-file.ts";
import { OwnManifests } from "../write/page-manifest.ts";

/**
 * What `npm run dev` keeps of the previous build in memory: each record file as it was read and
 * checked alone, with its problems. The next build reads and parses again only the files saved
 * since (the watcher names them), and gets the same objects for the others, so the later stages
 * can keep what they derived from them (derive-model.ts, page-manifest.ts). The cross-record rules,
 * the listing of the record folders and the handbook are read every time.
 */
export class BuildMemory {
  private readonly records = new Map<string, { record: RecordFile; diagnostics: Diagnostic[] }>();
  /** Files saved since the last build; `all` when a change named no file (the system did not say). */
  private saved = new Set<string>();
  private all = true;
  /** The page manifests this process saved, so the next build need not read them nor `stat` each file. */
  readonly pages = new OwnManifests();
  /** Records handed back by the current build. */
  recalled = 0;

  /** Whether a build has kept its records here. */
  get warm(): boolean {
    return this.records.size > 0;
  }

  /** Paths under the root (`records/teams/a.yaml`) saved since the last build; undefined: unknown. */
  saw(paths: Iterable<string | undefined>): void {
    for (const path of paths) {
      if (path === undefined) this.all = true;
      else this.saved.add(path);
    }
  }

  /**
   * The record and problems of `file` (under `root`) as the last build checked it, if neither it nor
   * a folder above it (a folder moved or replaced) was saved since, and it still has the modification
   * time its read saw: a watcher drops events (a full queue during a checkout), so a name not given
   * is no proof that nothing changed. One stat per record: 35–50 ms at 20,000.
   */
  recall(root: string, file: string): { record: RecordFile; diagnostics: Diagnostic[] } | undefined {
    if (this.all) return undefined;
    for (let end = file.length; end > 0; end = file.lastIndexOf("/", end - 1))
      if (this.saved.has(file.slice(0, end))) return undefined;
    const known = this.records.get(file);
    if (!known || known.record.modifiedMs === undefined) return undefined;
    const found = statSync(join(root, file), { throwIfNoEntry: false });
    if (found?.mtimeMs !== known.record.modifiedMs) return undefined;
    this.recalled++;
    return known;
  }

  /** Keeps what this build checked; files it did not list (removed) are let go. */
  keep(checked: ReadonlyMap<string, { record: RecordFile; diagnostics: Diagnostic[] }>): void {
    this.records.clear();
    for (const [file, entry] of checked) this.records.set(file, entry);
    this.saved = new Set();
    this.all = false;
  }

  /** A new build begins: nothing recalled yet. */
  begin(): void {
    this.recalled = 0;
  }
}
