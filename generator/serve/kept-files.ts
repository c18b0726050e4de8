import type { Stats } from "node:fs";
import { open } from "node:fs/promises";
import { stampOf } from "./file-stamp.ts";

export interface KeptFileLimits {
  /** Files up to this size are kept: pages, records, and the API's lists (20 MB at 10,000 projects). */
  file: number;
  /** At most this much in all; the copies kept first are dropped first. */
  total: number;
}

export const KEPT_FILE_LIMITS: KeptFileLimits = { file: 32 * 1024 * 1024, total: 96 * 1024 * 1024 };

interface Copy {
  stamp: string;
  body: Buffer;
}

/**
 * The bytes of site files, kept in memory once they have been asked for, so that later requests
 * are answered without opening the file: for a small page, three trips through libuv's thread
 * pool and a stream were most of its cost; a 20 MB list goes out without being read again. Only
 * the read is replaced: `send` still does all of HTTP. A copy is used only while the file's stamp
 * is the one it was read under.
 */
export class KeptFiles {
  private readonly kept = new Map<string, Copy>();
  private readonly reading = new Set<string>();
  private total = 0;

  constructor(private readonly limits: KeptFileLimits = KEPT_FILE_LIMITS) {}

  /** The kept bytes of `file`, if `stats` (just taken) is still what they were read under. */
  get(file: string, stats: Stats): Buffer | undefined {
    const copy = this.kept.get(file);
    return copy?.stamp === stampOf(stats) ? copy.body : undefined;
  }

  /** Reads `file` in the background to keep it, if it is small enough. Resolves once done. */
  async keep(file: string, stats: Stats): Promise<void> {
    if (stats.size > this.limits.file || this.reading.has(file)) return;
    this.reading.add(file);
    try {
      const copy = await readWhole(file);
      if (copy && copy.body.length <= this.limits.file) this.store(file, copy);
    } catch {
      // Gone or unreadable: the next request reads it from disk again.
    } finally {
      this.reading.delete(file);
    }
  }

  /** Bytes kept now (for tests and the benchmark). */
  get size(): number {
    return this.total;
  }

  private store(file: string, copy: Copy): void {
    this.drop(file);
    for (const oldest of this.kept.keys()) {
      if (this.total + copy.body.length <= this.limits.total) break;
      this.drop(oldest);
    }
    if (this.total + copy.body.length > this.limits.total) return;
    this.kept.set(file, copy);
    this.total += copy.body.length;
  }

  private drop(file: string): void {
    const copy = this.kept.get(file);
    if (!copy) return;
    this.kept.delete(file);
    this.total -= copy.body.length;
  }
}

/** The file's bytes with the stamp they were read under, or undefined if it changed meanwhile. */
async function readWhole(file: string): Promise<Copy | undefined> {
  const handle = await open(file, "r");
  try {
    const before = stampOf(await handle.stat());
    const body = await handle.readFile();
    const after = await handle.stat();
    return before === stampOf(after) && body.length === after.size ? { stamp: before, body } : undefined;
  } finally {
    await handle.close();
  }
}
