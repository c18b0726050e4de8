import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";

export const DEVELOPERS_PAGE = "developers.html";

/** The members every API document starts with. */
export function meta(model: Model): { generatedAt: string; docs: string } {
  return { generatedAt: model.generatedAt, docs: siteUrl(model.baseUrl, DEVELOPERS_PAGE) };
}
