import type { Model } from "../derive/model.ts";
import type { RecordPages } from "../render/document.ts";
import { documents } from "../render/registry.ts";
import { contentOf, writeInto } from "../write/write-site.ts";

/**
 * Per-record pages as a task of plain data: the main thread and the workers run the same code on
 * the chunks they take, so the output does not depend on who did what (records: record-tasks.ts).
 */
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
      done.bytes += writeInto(this.staging, output.path, contentOf(output), this.folders);
      done.paths.push(output.path);
      done.render += rendered - started;
      done.write += performance.now() - rendered;
    }
    return done;
  }
}
