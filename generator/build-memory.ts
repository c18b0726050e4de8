import { statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "./diagnostics/diagnostic.ts";
import { GitHistories } from "./load/git-inputs.ts";
import type { RecordFile } from "./load/record-file.ts";
import { OwnManifests } from "./write/page-manifest.ts";

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
  /** The history git gave at the last HEAD, so a save asks git for its status only. */
  readonly git = new GitHistories();
  /** Records handed back by the current build. */
  recalled = 0;
  /** Builds begun, so `missed` knows when one began while it looked. */
  private builds = 0;

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
   * The record and problems of `file` as the last build checked it, if neither it nor a folder above
   * it (a folder moved or replaced) was saved since. The watcher's word is taken here, not a `stat`
   * of each record (80–120 ms at 20,000, a tenth of a save): the events it drops (a full queue during
   * a checkout) are found by `missed` once the build is done, and build again.
   */
  recall(file: string): { record: RecordFile; diagnostics: Diagnostic[] } | undefined {
    if (this.all || this.savedAt(file)) return undefined;
    const known = this.records.get(file);
    if (!known || known.record.modifiedMs === undefined) return undefined;
    this.recalled++;
    return known;
  }

  /**
   * Whether `file` or a folder above it was saved. A save names a path or two, each compared with
   * the file's start, so no text is cut from each of 20,000 paths (60,000 pieces made and hashed,
   * 30–50 ms of a save); a checkout that names many is looked up a folder at a time.
   */
  private savedAt(file: string): boolean {
    if (this.saved.size <= 8) {
      for (const path of this.saved)
        if (file.startsWith(path) && (file.length === path.length || file.charCodeAt(path.length) === 47))
          return true;
      return false;
    }
    for (let end = file.length; end > 0; end = file.lastIndexOf("/", end - 1))
      if (this.saved.has(file.slice(0, end))) return true;
    return false;
  }

  /**
   * The kept records (under `root`) whose file no longer has the modification time its read saw,
   * or is gone, which no save named since: changes the watcher dropped. Looked at in slices, so
   * pages are served meanwhile; `undefined` if a build began before it was done (that build's
   * records are looked at after it).
   */
  async missed(root: string, slice = 1000): Promise<string[] | undefined> {
    const started = this.builds;
    const files = [...this.records];
    const missed: string[] = [];
    for (let at = 0; at < files.length; at += slice) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.builds !== started) return undefined;
      for (const [file, { record }] of files.slice(at, at + slice)) {
        // One read without a time is read again by every build anyway.
        if (this.saved.has(file) || record.modifiedMs === undefined) continue;
        const found = statSync(join(root, file), { throwIfNoEntry: false });
        if (found?.mtimeMs !== record.modifiedMs) missed.push(file);
      }
    }
    return missed;
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
    this.builds++;
  }
}
