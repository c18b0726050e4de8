import type { Model } from "../derive/model.ts";
import type { AheadLookup, DocumentKind, Output, SiteContext } from "./document.ts";
import { documents as registry } from "./registry.ts";

export interface RenderOptions {
  /**
   * Per-record pages another thread renders (or, in `npm run dev`, pages whose record did not
   * change): left out here, but still listed for the documents that describe the site.
   */
  skip?: (kind: DocumentKind, slug: string) => boolean;
  /** Told every path of the site, skipped pages included. */
  onPath?: (path: string) => void;
  /** What a worker rendered ahead for a per-record kind (see `DocumentKind.ahead`). */
  ahead?: (kind: DocumentKind) => AheadLookup | undefined;
}

/**
 * Renders the registry's documents one at a time, so a build holds one page in memory, not the
 * whole site; the writer decides whether each may be written.
 */
export function* renderOutputs(
  model: Model,
  documents: readonly DocumentKind[] = registry,
  options: RenderOptions = {},
): Generator<Output> {
  const rendered: Array<{ kind: DocumentKind; path: string }> = [];
  const site: SiteContext = { documents, rendered };
  for (const kind of documents) {
    if (kind.pages) {
      const pages = kind.pages(model, options.ahead?.(kind));
      for (const slug of pages.slugs) {
        rendered.push({ kind, path: pages.path(slug) });
        options.onPath?.(pages.path(slug));
        if (!options.skip?.(kind, slug)) yield pages.page(slug);
      }
      continue;
    }
    for (const file of kind.render(model, site)) {
      rendered.push({ kind, path: file.path });
      options.onPath?.(file.path);
      yield file;
    }
  }
}

/** Every document in memory at once: for tests and small sites. */
export function renderSite(model: Model, documents: readonly DocumentKind[] = registry): Output[] {
  return [...renderOutputs(model, documents)];
}
