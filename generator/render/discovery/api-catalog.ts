import { siteUrl } from "../../derive/base-url.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { json, type DocumentKind, perRecord } from "../shared/document.ts";
import { OPENAPI_PATH } from "./openapi-json.ts";

export const API_CATALOG_PATH = ".well-known/api-catalog";
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/**
 * RFC 9727 API catalog, an RFC 9264 linkset whose sole member is `linkset`: the catalog lists every
 * endpoint as an `item`; the API (anchored at its index) has its OpenAPI `service-desc` and
 * developer page `service-doc`. Endpoints come from the registry.
 */
export const apiCatalog: DocumentKind = {
  name: "api-catalog",
  path: API_CATALOG_PATH,
  headLink: "api-catalog",
  mediaType: API_CATALOG_TYPE,
  description:
    "RFC 9727 API catalog (a linkset) pointing at the endpoints, the OpenAPI description and the docs.",
  discovery: true,
  render(model, site) {
    const url = (path: string) => siteUrl(model.baseUrl, path);
    // A linkset's href is a URI: one document per record is found through api/index.json instead.
    const endpoints = site.documents.filter((d) => d.endpoint && !perRecord(d));
    const linkset = [
      {
        anchor: url(API_CATALOG_PATH),
        item: endpoints.map((d) => ({ href: url(d.path), type: "application/json", title: d.description })),
      },
      {
        anchor: url("api/index.json"),
        "service-desc": [{ href: url(OPENAPI_PATH), type: "application/openapi+json" }],
        "service-doc": [{ href: url(DEVELOPERS_PAGE), type: "text/html" }],
      },
      // Each archived edition's API, with the same contract under its own address (issue 57).
      ...(model.series?.editions ?? [])
        .filter((e) => !e.current)
        .map((e) => ({
          anchor: e.api,
          "service-desc": [{ href: siteUrl(e.url, OPENAPI_PATH), type: "application/openapi+json" }],
          "service-doc": [{ href: siteUrl(e.url, DEVELOPERS_PAGE), type: "text/html" }],
        })),
    ];
    return [{ path: API_CATALOG_PATH, body: json({ linkset }) }];
  },
};
