import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordSchemas } from "../contract/record-schemas.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Places } from "../load/places.ts";
import { REPO_ROOT } from "../repo-root.ts";

/** What checking one record alone found: its value (defaults filled in), places and problems. */
export interface CheckedRecord {
  data: unknown;
  places?: Places;
  diagnostics: Diagnostic[];
}

export const CACHE_DIR = "node_modules/.cache/hackathon-registry";
const FILE = "records.cache";
const HEADER = "hackathon-registry record cache, format 1\n";

/**
 * Each record's load + validate result, kept between builds under `node_modules/.cache/`, keyed by
 * the SHA-256 of its path and bytes together with the schemas and the generator's own code, so a
 * change to any of them checks the record again. An entry carries the SHA-256 of its own text: one
 * that is corrupt, truncated or for other bytes is never used, and the next save replaces it. The
 * cross-record rules are not cached; they always run.
 */
export class RecordCache {
  /** Entries by key, as text; checked and parsed only when asked for. */
  private readonly stored = new Map<string, string>();
  /** Entries this run used or made: what the next save keeps. */
  private readonly used = new Map<string, string>();
  private changed = false;
  hits = 0;
  misses = 0;

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
  ) {}

  /** The cache under `root`, with what it held; a missing or unreadable file is an empty cache. */
  static open(root: string, salt = generatorKey()): RecordCache {
    const cache = new RecordCache(join(root, CACHE_DIR), salt);
    let text = "";
    try {
      text = readFileSync(join(cache.dir, FILE), "utf8");
    } catch {
      return cache;
    }
    if (!text.startsWith(HEADER)) return cache;
    for (const line of text.slice(HEADER.length).split("\n")) {
      // `<key> <sha-256 of key and entry> <entry>`; anything else is left out.
      if (line.length > 130 && line[64] === " " && line[129] === " ")
        cache.stored.set(line.slice(0, 64), line.slice(65));
    }
    cache.savedSize = cache.stored.size;
    return cache;
  }

  /** A new run: only what it uses is saved. */
  begin(): void {
    this.used.clear();
    this.changed = false;
    this.hits = this.misses = 0;
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
    this.used.set(key, line!);
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
    this.used.set(key, line);
    this.changed = true;
  }

  /** Writes the entries this run used, beside the old file and then over it; a failure changes nothing. */
  save(): void {
    // Unchanged when nothing new was made and every entry on file was used again.
    if (!this.changed && this.used.size === this.savedSize) return;
    try {
      mkdirSync(this.dir, { recursive: true });
      const temporary = join(this.dir, `${FILE}.${process.pid}.tmp`);
      const lines = [...this.used].map(([key, line]) => `${key} ${line}\n`);
      writeFileSync(temporary, HEADER + lines.join(""));
      renameSync(temporary, join(this.dir, FILE));
      this.savedSize = this.used.size;
      this.changed = false;
    } catch {
      // The cache only saves time; a build never fails for it.
    }
  }

  private savedSize = -1;
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
  const placesOk = entry.places === undefined || Array.isArray(entry.places);
  return Array.isArray(entry.diagnostics) && placesOk ? (entry as CheckedRecord) : undefined;
}

function refuseLossy(_key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("not JSON");
  return value;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * What the result of checking a record depends on besides its bytes: the schemas and the
 * generator's own code (its sources, which the compiled commands are made from).
 */
export function generatorKey(schemas: unknown = recordSchemas): string {
  const hash = createHash("sha256").update(JSON.stringify(schemas));
  const sources = join(REPO_ROOT, "generator");
  for (const name of readdirSync(sources, { recursive: true, encoding: "utf8" }).sort())
    if (name.endsWith(".ts")) hash.update(`\0${name}\0`).update(readFileSync(join(sources, name)));
  return hash.digest("hex");
}
