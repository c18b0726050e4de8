import type { KeptParts } from "../cache/rendered-parts.ts";
import type { Model } from "../derive/model.ts";
import { bodyText, type DocumentKind, type Output, type SiteContext } from "./shared/document.ts";
import { documents as registry } from "./registry.ts";

/**
 * Renders the registry's documents one at a time, so a build holds one page in memory, not the
 * whole site; the writer decides whether each may be written.
 */
export function* renderOutputs(
  model: Model,
  documents: readonly DocumentKind[] = registry,
  parts?: KeptParts,
): Generator<Output> {
  const rendered: Array<{ kind: DocumentKind; path: string }> = [];
  const site: SiteContext = { documents, rendered, ...(parts ? { parts } : {}) };
  for (const kind of documents)
    for (const file of kind.render(model, site)) {
      rendered.push({ kind, path: file.path });
      yield file;
    }
}

/** Every document in memory at once, each as one text: for tests and small sites. */
export function renderSite(
  model: Model,
  documents: readonly DocumentKind[] = registry,
): Array<{ path: string; body: string }> {
  return [...renderOutputs(model, documents)].map((output) => ({
    path: output.path,
    body: bodyText(output),
  }));
}
