import { siteUrl } from "../../derive/base-url.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { json, type DocumentKind } from "../shared/document.ts";
import { AGENT_CARD_PATH } from "./agent-card.ts";
import { SKILLS_INDEX_PATH } from "./agent-skills.ts";
import { OPENAPI_PATH } from "./openapi-json.ts";

export const AI_CATALOG_PATH = ".well-known/ai-catalog.json";

/**
 * Agentic Resource Discovery catalog: the API's OpenAPI description, its A2A card and its skills
 * index, each named `urn:air:<host>:hackathon:<name>` with the site's host as publisher. The ARD
 * v0.9 draft's schema fixes `specVersion` at "1.0" and allows only these members at each level.
 */
export const aiCatalog: DocumentKind = {
  name: "ai-catalog",
  path: AI_CATALOG_PATH,
  mediaType: "application/ai-catalog+json",
  description: "Agentic Resource Discovery catalog of the API, its agent card and its skills.",
  discovery: true,
  render(model) {
    const url = (path: string) => siteUrl(model.baseUrl, path);
    const host = new URL(model.baseUrl).hostname;
    const urn = (name: string) => `urn:air:${host}:hackathon:${name}`;
    const about = `the teams and projects of ${model.event.name}`;
    const catalog = {
      specVersion: "1.0",
      host: { displayName: model.event.name, identifier: host, documentationUrl: url(DEVELOPERS_PAGE) },
      entries: [
        {
          identifier: urn("api"),
          displayName: `${model.event.name} API`,
          type: "application/openapi+json",
          url: url(OPENAPI_PATH),
          description: `Read-only static JSON API over ${about}. No authentication.`,
          tags: ["hackathon", "teams", "projects", "read-only"],
          representativeQueries: [
            "Which teams are still looking for members?",
            "Which projects used real robots?",
          ],
          version: "1.0.0",
          updatedAt: model.generatedAt,
        },
        {
          identifier: urn("agent-card"),
          displayName: `${model.event.name} teams and projects (A2A card)`,
          type: "application/a2a-agent-card+json",
          url: url(AGENT_CARD_PATH),
          description: `A2A card describing the static API over ${about}; not a conversational agent.`,
        },
        {
          identifier: urn("skills"),
          displayName: `${model.event.name} agent skills`,
          type: "application/agent-skills+json",
          url: url(SKILLS_INDEX_PATH),
          description: `Agent Skills index with a skill for reading ${about}.`,
        },
      ],
    };
    return [{ path: AI_CATALOG_PATH, body: json(catalog) }];
  },
};
