import type { Model } from "../derive/model.ts";
import type { DocumentKind, Output } from "./document.ts";
import { documents as registry } from "./registry.ts";

/** Renders every document of the registry in memory; the writer decides whether they may be written. */
export function renderSite(model: Model, documents: readonly DocumentKind[] = registry): Output[] {
  const site = { documents };
  return documents.flatMap((kind) => kind.render(model, site));
}
