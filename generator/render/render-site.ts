import type { Model } from "../derive/model.ts";
import type { DocumentKind, Output, SiteContext } from "./document.ts";
import { documents as registry } from "./registry.ts";

/** Renders every document of the registry in memory; the writer decides whether they may be written. */
export function renderSite(model: Model, documents: readonly DocumentKind[] = registry): Output[] {
  const outputs: Output[] = [];
  const rendered: Array<{ kind: DocumentKind; path: string }> = [];
  const site: SiteContext = { documents, rendered };
  for (const kind of documents) {
    const files = kind.render(model, site);
    outputs.push(...files);
    rendered.push(...files.map((file) => ({ kind, path: file.path })));
  }
  return outputs;
}
