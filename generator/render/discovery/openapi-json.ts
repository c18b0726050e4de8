import { publishedSchemas } from "../../contract/api-schemas.ts";
import { recordSchemas } from "../../contract/record-schemas.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { siteUrl } from "../../derive/base-url.ts";
import { json, JSON_TYPE, pathTemplate, type DocumentKind, perRecord } from "../shared/document.ts";

export const OPENAPI_PATH = "openapi.json";
const ERROR_PATH = "/api/{unknown}";

/**
 * OpenAPI 3.1 for every endpoint in the registry, its schemas derived from the record schemas.
 * Unknown /api/ paths are described by a templated path that answers 404 with the error body:
 * concrete paths match first (OAS 3.1 "Path Templating Matching"), so it covers only the rest.
 */
export const openapiJson: DocumentKind = {
  name: "openapi",
  path: OPENAPI_PATH,
  mediaType: JSON_TYPE,
  description: "OpenAPI 3.1 description of every endpoint and the error body.",
  discovery: true,
  render(model, site) {
    const schemas = publishedSchemas(model.event.tracks.map((t) => t.id));
    // Lists refer to their entry schema instead of repeating it.
    for (const [list, entry] of [
      ["ProjectList", "ProjectEntry"],
      ["TeamList", "TeamEntry"],
    ] as const) {
      const properties = schemas[list]!.properties as Record<string, Record<string, unknown>>;
      properties.data = { ...properties.data, items: { $ref: `#/components/schemas/${entry}` } };
    }
    const SLUG_PARAMETER = {
      name: "slug",
      in: "path",
      required: true,
      description: "The record's slug, as in its entry and its page's address.",
      schema: { type: "string", pattern: recordSchemas.common.$defs.slug.pattern },
    };
    const errorResponse = {
      description: "No document exists at this path. The body is the error document.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    const paths: Record<string, unknown> = {};
    for (const kind of site.documents) {
      if (!kind.endpoint) continue;
      const templated = perRecord(kind);
      paths[`/${pathTemplate(kind.path)}`] = {
        get: {
          operationId: kind.endpoint.operationId,
          summary: kind.description,
          ...(templated ? { parameters: [SLUG_PARAMETER] } : {}),
          responses: {
            ...(templated ? { "404": errorResponse } : {}),
            "200": {
              description: kind.description,
              content: {
                "application/json": { schema: { $ref: `#/components/schemas/${kind.endpoint.schema}` } },
              },
            },
          },
        },
      };
    }
    paths[ERROR_PATH] = {
      get: {
        operationId: "unknownApiPath",
        summary: "Any other path under /api/.",
        parameters: [
          {
            name: "unknown",
            in: "path",
            required: true,
            description: "Any path that is not one of the documents above.",
            schema: { type: "string" },
          },
        ],
        responses: { "404": errorResponse },
      },
    };
    const document = {
      openapi: "3.1.1",
      info: {
        title: `${model.event.name} API`,
        version: "1.0.0",
        summary: "Read-only JSON API over the teams and projects of one hackathon.",
        description:
          "Every endpoint is a static document, regenerated whenever a record changes. No key, no login, no rate limit; cross-origin reads are open. Fields are additive: ignore unknown keys.",
        license: {
          name: "Event and handbook content: CC BY 4.0",
          url: "https://creativecommons.org/licenses/by/4.0/",
        },
      },
      externalDocs: { description: "Developer guide", url: siteUrl(model.baseUrl, DEVELOPERS_PAGE) },
      servers: [{ url: model.baseUrl.replace(/\/$/, ""), description: "The published site." }],
      security: [],
      paths,
      components: { schemas },
    };
    return [{ path: OPENAPI_PATH, body: json(document) }];
  },
};
