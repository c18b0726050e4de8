import { createHash } from "node:crypto";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { recordSchemas } from "../contract/record-schemas.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { REPO_ROOT } from "../repo-root.ts";

/** What checking one record alone found: its value (defaults filled in), places and problems. */
export interface CheckedRecord {
  data: unknown;
  diagnostics: Diagnostic[];
}

export const CACHE_DIR = "node_modules/.cache/hackathon-registry";
const FILE = "records.cache";
const HEADER = "hackathon-registry record cache, format 1\n";

/**
 * Each record's load + validate result, kept between builds under `node_modules/.cache/`, keyed by
 * the SHA-256 of its path and bytes together with the schemas and the generator's own code, so a
 * change to any of them checks the record again. An entry carries the SHA-256 of its key and text: one
 * that is corrupt, truncated or for other bytes is never used, and the next save replaces it. The
 * cross-record rules are not cached; they always run.
 */
export class RecordCache {
  /** Entries by key, as text; checked and parsed only when asked for. */
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

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
  ) {}

  /** The cache under `root`; its file is read when a run begins. */
  static open(root: string, salt = generatorKey()): RecordCache {
    return new RecordCache(join(root, CACHE_DIR), salt);
  }

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
      text = readFileSync(join(this.dir, FILE), "utf8");
    } catch {
      return;
    }
    if (!text.startsWith(HEADER)) return;
    // A later line for a key replaces an earlier one. `<key> <sha-256 of key and entry> <entry>`;
    // anything else is left out.
    for (const line of text.slice(HEADER.length).split("\n")) {
      if (line.length > 130 && line[64] === " " && line[129] === " ")
        this.stored.set(line.slice(0, 64), line.slice(65));
      if (line !== "") this.onFile++;
    }
    this.appendable = text.endsWith("\n");
  }

  key(file: string, bytes: Uint8Array): string {
    return createHash("sha256").update(this.salt).update(`\0${file}\0`).update(bytes).digest("hex");
  }

  get(key: string): CheckedRecord | undefined {
    const line = this.stored.get(key);
    const entry = line === undefined ? undefined : readEntry(key, line);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.used.add(key);
    return entry;
  }

  set(key: string, entry: CheckedRecord): void {
    let text: string;
    try {
      text = JSON.stringify(entry, refuseLossy);
    } catch {
      // A value JSON cannot hold (such as .inf) is checked again each time instead.
      return;
    }
    const line = `${sha256(key + text)} ${text}`;
    this.stored.set(key, line);
    this.fresh.set(key, line);
    this.used.add(key);
  }

  /**
   * Adds the new entries at the end of the file. When stale lines would pass a quarter of the
   * entries this run used (after a change to the code, every line is stale), the file is written
   * anew with those entries instead, beside the old file and then over it, so it never grows to
   * twice the event. Then the run's entries are let go: the site renders without them in memory. A
   * failure changes nothing: the cache only saves time.
   */
  save(): void {
    const compact = this.onFile + this.fresh.size > 1.25 * this.used.size + 100;
    const lines = (keys: Iterable<string>) =>
      [...keys].map((key) => `${key} ${this.stored.get(key)}\n`).join("");
    try {
      if (this.fresh.size === 0 && !compact) return;
      mkdirSync(this.dir, { recursive: true });
      if (this.appendable && !compact) appendFileSync(join(this.dir, FILE), lines(this.fresh.keys()));
      else {
        const temporary = join(this.dir, `${FILE}.${process.pid}.tmp`);
        writeFileSync(temporary, HEADER + lines(this.used));
        renameSync(temporary, join(this.dir, FILE));
      }
    } catch {
      // Left for the next run, which checks those records again.
    } finally {
      this.stored.clear();
      this.fresh.clear();
    }
  }
}

/** An entry's text, if its hash (of its key and text, so it cannot pass for another's) holds. */
function readEntry(key: string, line: string): CheckedRecord | undefined {
  const text = line.slice(65);
  if (sha256(key + text) !== line.slice(0, 64)) return undefined;
  let entry: Partial<CheckedRecord>;
  try {
    entry = JSON.parse(text) as Partial<CheckedRecord>;
  } catch {
    return undefined;
  }
  return Array.isArray(entry.diagnostics) ? (entry as CheckedRecord) : undefined;
}

function refuseLossy(_key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("not JSON");
  return value;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * What the result of checking a record depends on besides its bytes: the schemas, the code that
 * runs and the dependencies locked with it. The commands run the bundles in compiled/, so those are
 * hashed (a rule edited without `npm run compile` runs the old code under the old key); the tests
 * run the sources, so there the sources are.
 */
export function generatorKey(schemas: unknown = recordSchemas): string {
  const hash = createHash("sha256").update(JSON.stringify(schemas));
  const compiled = fileURLToPath(import.meta.url).endsWith(".mjs");
  const [folder, extension] = compiled ? ["compiled", ".mjs"] : ["generator", ".ts"];
  const names = readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(extension))
    .map((name) => `${folder}/${name}`)
    .sort();
  for (const name of [...names, "package-lock.json"])
    if (existsSync(join(REPO_ROOT, name)))
      hash.update(`\0${name}\0`).update(readFileSync(join(REPO_ROOT, name)));
  return hash.digest("hex");
}
