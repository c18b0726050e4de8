import type { Model } from "../../generator/derive/model.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { exampleRoot } from "./fixture-root.ts";

/** The repository's example event as its published model, generated at a fixed time. */
export async function exampleModel(baseUrl: string, epoch = "1764928800"): Promise<Model> {
  const derived = await deriveSite({ root: await exampleRoot(), baseUrl, env: { SOURCE_DATE_EPOCH: epoch } });
  if (!derived.ok) throw new Error("the example does not build");
  return derived.model;
}
