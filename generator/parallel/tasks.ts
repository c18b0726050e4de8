import type { Diagnostic } from "../diagnostics/diagnostic.ts";
import type { Model } from "../derive/model.ts";
import type { RecordSource } from "../load/load-records.ts";
import { withPlainEnv } from "../load/plain-env.ts";
import type { RecordFile } from "../load/record-file.ts";
import type { RecordPages } from "../render/document.ts";
import { documents } from "../render/registry.ts";
import { checkRecordFile, type RecordTimes } from "../validate/check-record.ts";
import { writeInto } from "../write/write-site.ts";

/**
 * The two kinds of work a build splits into chunks, as plain functions of plain data: the main
 * thread runs them itself, and a worker runs the same functions on the chunks it takes, so the
 * output does not depend on who did what.
 */
export interface RecordsDone {
  records: RecordFile[];
  diagnostics: Diagnostic[];
  times: RecordTimes;
}

export function checkRecords(root: string, sources: readonly RecordSource[]): RecordsDone {
  const diagnostics: Diagnostic[] = [];
  const times = { load: 0, validate: 0 };
  const records = withPlainEnv(() =>
    sources.flatMap((source) => checkRecordFile(root, source, diagnostics, times) ?? []),
  );
  return { records, diagnostics, times };
}

export interface PagesChunk {
  /** A per-record document kind of the registry, by name. */
  kind: string;
  slugs: string[];
}

export interface PagesDone {
  paths: string[];
  bytes: number;
  render: number;
  write: number;
}

/** Renders one chunk of per-record pages and writes them into the staging folder. */
export class PageWriter {
  private readonly pages = new Map<string, RecordPages>();
  private readonly folders = new Set<string>();

  constructor(
    private readonly model: Model,
    private readonly staging: string,
  ) {}

  write(chunk: PagesChunk): PagesDone {
    let pages = this.pages.get(chunk.kind);
    if (!pages) {
      const kind = documents.find((d) => d.name === chunk.kind);
      if (!kind?.pages) throw new Error(`${chunk.kind} is not a per-record document kind`);
      pages = kind.pages(this.model);
      this.pages.set(chunk.kind, pages);
    }
    const done: PagesDone = { paths: [], bytes: 0, render: 0, write: 0 };
    for (const slug of chunk.slugs) {
      const started = performance.now();
      const output = pages.page(slug);
      const rendered = performance.now();
      done.bytes += writeInto(this.staging, output.path, output.body, this.folders);
      done.paths.push(output.path);
      done.render += rendered - started;
      done.write += performance.now() - rendered;
    }
    return done;
  }
}
