import { siteUrl } from "../../derive/base-url.ts";
import { redirects } from "../../derive/redirects.ts";
import { json, JSON_TYPE, pathTemplate, type DocumentKind, perRecord } from "../shared/document.ts";
import { meta } from "./meta.ts";

/** The endpoint index, derived from the registry: every kind with an endpoint is listed. */
export const indexJson: DocumentKind = {
  name: "index",
  path: "api/index.json",
  mediaType: JSON_TYPE,
  description: "The endpoint index, with links to the machine-readable spec and the docs page.",
  endpoint: { operationId: "getIndex", schema: "Index" },
  render(model, site) {
    const spec = site.documents.find((d) => d.name === "openapi");
    const endpoints = site.documents
      .filter((d) => d.endpoint && !perRecord(d))
      .map((d) => ({
        path: `/${d.path}`,
        url: siteUrl(model.baseUrl, d.path),
        mediaType: d.mediaType,
        description: d.description,
      }));
    // One document per record: listed once as a URI template, as URLs with `{` are no URIs.
    const templates = site.documents
      .filter((d) => d.endpoint && perRecord(d))
      .map((d) => ({
        path: `/${pathTemplate(d.path)}`,
        urlTemplate: `${model.baseUrl}${pathTemplate(d.path)}`,
        mediaType: d.mediaType,
        description: d.description,
      }));
    const feeds = site.documents
      .filter((d) => d.feed)
      .map((d) => ({ title: d.feed!.title, url: siteUrl(model.baseUrl, d.path), mediaType: d.mediaType }));
    const moved = { teams: {} as Record<string, string>, projects: {} as Record<string, string> };
    for (const r of redirects(model)) moved[r.kind][r.from] = r.to;
    const body = {
      object: "index",
      ...meta(model),
      ...(spec ? { spec: siteUrl(model.baseUrl, spec.path) } : {}),
      endpoints,
      templates,
      feeds,
      redirects: moved,
    };
    return [{ path: "api/index.json", body: json(body) }];
  },
};
