import { createHash, hash } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * One file of entries kept between builds under `node_modules/.cache/` (record-cache.ts,
 * rendered-parts.ts): a line per entry, `<key> <sha-256 of key and text> <text>`, after a header
 * naming the format. An entry that is corrupt, truncated or copied under another key fails its hash
 * and is never used. New entries are added at the end; once stale lines would pass a quarter of what
 * a run used, the file is written anew with only those, so it never grows to twice the event.
 */
export class CacheFile {
  /** Entries by key, as their line after the key; checked only when asked for. */
  private readonly stored = new Map<string, string>();
  /** Keys this run used or made: what a rewritten file keeps. */
  private readonly used = new Set<string>();
  /** Entries made since the last save, to add to the file. */
  private readonly fresh = new Map<string, string>();
  /** Lines in the file, and whether new ones can be added at its end. */
  private onFile = 0;
  private appendable = false;
  hits = 0;
  misses = 0;

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly header: string,
  ) {}

  /**
   * A new run: what the file holds now (`npm run dev` runs again and again), and only what this run
   * uses is kept when the file is written anew. A missing or unreadable file is an empty cache.
   */
  begin(): void {
    this.used.clear();
    this.stored.clear();
    this.fresh.clear();
    this.hits = this.misses = 0;
    [this.onFile, this.appendable] = [0, false];
    let text = "";
    try {
      text = readFileSync(join(this.dir, this.name), "utf8");
    } catch {
      return;
    }
    if (!text.startsWith(this.header)) return;
    // A later line for a key replaces an earlier one; anything not shaped as an entry is left out.
    for (const line of text.slice(this.header.length).split("\n")) {
      if (line.length > 130 && line[64] === " " && line[129] === " ")
        this.stored.set(line.slice(0, 64), line.slice(65));
      if (line !== "") this.onFile++;
    }
    this.appendable = text.endsWith("\n");
  }

  /** The text kept under `key`, if its hash holds; `valid` may refuse it too (then it is a miss). */
  get<T>(key: string, valid: (text: string) => T | undefined): T | undefined {
    const line = this.stored.get(key);
    const text = line === undefined ? undefined : line.slice(65);
    const entry = text !== undefined && sha256(key + text) === line!.slice(0, 64) ? valid(text) : undefined;
    if (entry === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.used.add(key);
    return entry;
  }

  /** Keeps `text` (one line: JSON) under `key`, for this run and the file. */
  set(key: string, text: string): void {
    const line = `${sha256(key + text)} ${text}`;
    this.stored.set(key, line);
    this.fresh.set(key, line);
    this.used.add(key);
  }

  /**
   * Adds the new entries at the end of the file, or writes it anew (beside the old file, then over
   * it) when stale lines would pass a quarter of the entries this run used (after a change to the
   * code, every line is stale). Then the run's entries are let go. A failure changes nothing: the
   * cache only saves time.
   */
  save(): void {
    const compact = this.onFile + this.fresh.size > 1.25 * this.used.size + 100;
    const lines = (keys: Iterable<string>) =>
      [...keys].map((key) => `${key} ${this.stored.get(key)}\n`).join("");
    try {
      if (this.fresh.size === 0 && !compact) return;
      mkdirSync(this.dir, { recursive: true });
      if (this.appendable && !compact) appendFileSync(join(this.dir, this.name), lines(this.fresh.keys()));
      else {
        const temporary = join(this.dir, `${this.name}.${process.pid}.tmp`);
        writeFileSync(temporary, this.header + lines(this.used));
        renameSync(temporary, join(this.dir, this.name));
      }
    } catch {
      // Left for the next run, which makes those entries again.
    } finally {
      this.stored.clear();
      this.fresh.clear();
    }
  }
}

/** The hex SHA-256 of `text`: one call, without a Hash object per entry (20,000 a build). */
export const sha256 = (text: string): string => hash("sha256", text);

/** A key from parts that cannot run into each other: each comes after its length. */
export function keyOf(salt: string, parts: readonly (string | Uint8Array)[]): string {
  const digest = createHash("sha256").update(salt);
  for (const part of parts) digest.update(`\0${part.length}\0`).update(part);
  return digest.digest("hex");
}
