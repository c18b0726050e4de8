import type { Model } from "../../derive/model.ts";
import { json, type Output } from "../shared/document.ts";
import { meta } from "./meta.ts";

/** The contract's list envelope as JSON. */
export function listJson(path: string, model: Model, data: readonly object[]): Output {
  return { path, body: json({ object: "list", count: data.length, ...meta(model), data }) };
}
