import type { Model } from "../derive/model.ts";
import { documents } from "../render/registry.ts";
import { renderOutputs } from "../render/render-site.ts";
import { StagedSite, type WriteResult } from "../write/write-site.ts";
import { RenderedAhead } from "./ahead.ts";
import { PageWriter, type PagesChunk, type PagesDone } from "./page-tasks.ts";
import { chunked, shareWork, type BuildWorkers } from "./workers.ts";

const PAGES_PER_CHUNK = 200;
/**
 * Per-record pages are shared only with two workers or more. With one (2 cores), copying the model
 * to it and rendering on both threads at once cost more than it saved: at 10,000 + 10,000 every
 * page took about 1.7 times as long and the build was no faster. That worker renders the pages'
 * Markdown ahead instead, which needs no model (about 290 ms of the main thread's work).
 */
export const SHARE_PAGES_FROM = 2;

export interface Written extends WriteResult {
  /** Every path written, assets included. */
  paths: string[];
  /** Milliseconds spent rendering and writing, summed over threads. */
  render: number;
  write: number;
}

/**
 * Renders the site into a staging folder and swaps it in. The main thread renders the documents
 * about the whole site; per-record pages are shared in chunks with the workers, which write them
 * into the same staging folder and report their paths, so two documents on one path still fail.
 * A single worker renders ahead instead (see SHARE_PAGES_FROM).
 */
export async function writeAll(model: Model, outDir: string, workers?: BuildWorkers): Promise<Written> {
  const site = await StagedSite.open(outDir);
  const times = { render: 0, write: 0 };
  const sharing = workers && workers.size >= SHARE_PAGES_FROM ? workers : undefined;
  let ahead: RenderedAhead | undefined;
  try {
    if (workers && !sharing) ahead = new RenderedAhead(model, workers);
    const ready = Array.from({ length: sharing?.size ?? 0 }, (_, i) =>
      sharing!.run(i, { type: "site", model, staging: site.staging }),
    );
    const outputs = renderOutputs(model, documents, {
      skip: (kind) => ready.length > 0 && kind.pages !== undefined,
      ahead: (kind) => ahead?.lookup(kind.name),
    });
    for (;;) {
      const started = performance.now();
      const next = outputs.next();
      const rendered = performance.now();
      times.render += rendered - started;
      if (next.done) break;
      site.write(next.value);
      times.write += performance.now() - rendered;
    }
    if (ready.length > 0) {
      const chunks: PagesChunk[] = documents
        .filter((kind) => kind.pages)
        .flatMap((kind) =>
          chunked(kind.pages!(model).slugs, PAGES_PER_CHUNK).map((slugs) => ({ kind: kind.name, slugs })),
        );
      const local = new PageWriter(model, site.staging);
      const remotes = ready.map((started, i) => async (chunk: PagesChunk) => {
        await started;
        return sharing!.run<PagesDone>(i, { type: "pages", chunk });
      });
      for (const done of await shareWork(chunks, (chunk) => local.write(chunk), remotes)) {
        for (const path of done.paths) site.claim(path, "a per-record page");
        site.files += done.paths.length;
        site.bytes += done.bytes;
        times.render += done.render;
        times.write += done.write;
      }
    }
    if (ahead) times.render += ahead.finish();
    const copying = performance.now();
    for (const asset of model.assets) site.copy(asset);
    const result = await site.commit();
    times.write += performance.now() - copying;
    return { ...result, ...times, paths: site.paths };
  } catch (error) {
    ahead?.close();
    await site.abort();
    throw error;
  }
}
