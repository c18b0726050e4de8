import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { stampOf } from "./file-stamp.ts";

export type Encoding = "br" | "gzip";

/** JSON documents at least this big are worth compressing (api/projects.json, api/teams.json). */
export const COMPRESS_FROM = 16 * 1024;

interface Copy {
  encoding: Encoding;
  body: Buffer;
  etag: string;
}

interface Entry {
  stamp: string;
  copies: Partial<Record<Encoding, Copy>>;
}

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 6 compresses a 20 MB list in well under a second, within ~10 % of quality 11's size.
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/**
 * Brotli and gzip copies of the site's large JSON documents, made in the background (zlib's
 * threads) when the server starts and again when a document changes, kept in memory and sent
 * to clients that accept them. Until a copy is ready the document goes out uncompressed.
 */
export class Precompressed {
  private readonly entries = new Map<string, Entry>();
  /** One compression at a time: zlib runs on libuv's four threads, which file reads need too. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly root: string) {}

  /** Resolves once every copy asked for so far is made. */
  get ready(): Promise<void> {
    return this.queue;
  }

  /** Starts compressing every large JSON document of the site. */
  async warm(): Promise<void> {
    const names = await readdir(this.root, { recursive: true }).catch(() => []);
    const jobs = names
      .filter((name) => name.endsWith(".json"))
      .map(async (name) => {
        const file = join(this.root, name);
        const stats = await stat(file).catch(() => undefined);
        if (!stats?.isFile() || stats.size < COMPRESS_FROM) return;
        const data = await readFile(file).catch(() => undefined);
        if (data) await this.make(file, stampOf(stats), data);
      });
    await Promise.all(jobs);
  }

  /** A ready copy of `file` in an encoding `accept` allows, or undefined (a copy is then made for next time). */
  lookup(file: string, stats: Stats, accept: string | undefined): Copy | undefined {
    if (!file.endsWith(".json") || stats.size < COMPRESS_FROM) return undefined;
    const wanted = accepted(accept);
    if (wanted.length === 0) return undefined;
    const stamp = stampOf(stats);
    const entry = this.entries.get(file);
    if (!entry || entry.stamp !== stamp) {
      void readFile(file).then(
        (data) => this.make(file, stamp, data),
        () => undefined,
      );
      return undefined;
    }
    return wanted.map((encoding) => entry.copies[encoding]).find((copy) => copy !== undefined);
  }

  private make(file: string, stamp: string, data: Buffer): Promise<void> {
    if (this.entries.get(file)?.stamp === stamp) return this.queue;
    const entry: Entry = { stamp, copies: {} };
    this.entries.set(file, entry);
    this.queue = this.queue.then(async () => {
      for (const encoding of ["br", "gzip"] as const) {
        const body = await compressors[encoding](data);
        const etag = `"${encoding}-${createHash("sha1").update(body).digest("base64url")}"`;
        entry.copies[encoding] = { encoding, body, etag };
      }
    });
    return this.queue;
  }
}

/** The encodings a client accepts, best first: `br, gzip;q=0.8` → ["br", "gzip"]; `q=0` refuses. */
export function accepted(header: string | undefined): Encoding[] {
  if (!header) return [];
  const allowed = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) allowed.add(name.trim());
  }
  return (["br", "gzip"] as const).filter((e) => allowed.has(e) || allowed.has("*"));
}
