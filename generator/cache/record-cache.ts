import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { recordSchemas } from "../contract/record-schemas.ts";
import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { CacheFile, keyOf } from "./cache-file.ts";
import { RenderedParts } from "./rendered-parts.ts";

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
  private readonly file: CacheFile;
  private rendered?: RenderedParts;

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
  ) {
    this.file = new CacheFile(dir, FILE, HEADER);
  }

  /** The cache under `root`; its file is read when a run begins. */
  static open(root: string, salt = generatorKey()): RecordCache {
    return new RecordCache(join(root, CACHE_DIR), salt);
  }

  get hits(): number {
    return this.file.hits;
  }

  get misses(): number {
    return this.file.misses;
  }

  /**
   * A new run: what the file holds now (`npm run dev` runs again and again), and only what this run
   * uses is kept when the file is written anew. A missing or unreadable file is an empty cache.
   */
  begin(): void {
    this.file.begin();
  }

  key(file: string, bytes: Uint8Array): string {
    return keyOf(this.salt, [file, bytes]);
  }

  get(key: string): CheckedRecord | undefined {
    return this.file.get(key, readEntry);
  }

  set(key: string, entry: CheckedRecord): void {
    let text: string;
    try {
      text = JSON.stringify(entry, refuseLossy);
    } catch {
      // A value JSON cannot hold (such as .inf) is checked again each time instead.
      return;
    }
    this.file.set(key, text);
  }

  /**
   * Adds the new entries at the end of the file, or writes it anew once most of it is stale
   * (cache-file.ts). Then the run's entries are let go: the site renders without them in memory.
   */
  save(): void {
    this.file.save();
  }

  /** Parts rendered from records' text, kept beside them under the same code (rendered-parts.ts). */
  parts(): RenderedParts {
    return (this.rendered ??= new RenderedParts(this.dir, this.salt));
  }
}

/** An entry's value, if its text is one. */
function readEntry(text: string): CheckedRecord | undefined {
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
