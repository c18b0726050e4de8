import { createHash } from "node:crypto";
import { siteUrl } from "../../derive/base-url.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { CANNOT, clientRules, endpointList, NO_AUTH } from "./agent-text.ts";

export const SKILLS_INDEX_PATH = ".well-known/agent-skills/index.json";
export const SKILL_NAME = "hackathon-api";
const SKILL_PATH = `.well-known/agent-skills/${SKILL_NAME}/SKILL.md`;

/**
 * Agent Skills discovery (v0.2.0 draft): an index listing one SKILL.md that teaches an agent this
 * API. Both are rendered together so the index's digest is of the exact bytes served.
 */
export const agentSkills: DocumentKind = {
  name: "agent-skills",
  path: SKILLS_INDEX_PATH,
  mediaType: JSON_TYPE,
  description: "Agent Skills index listing a skill that teaches an agent to use this API.",
  discovery: true,
  render(model, site) {
    const description = `Read the teams and projects of ${model.event.name} from its static JSON API. Use when asked which teams are recruiting and what skills they need, which projects used real robots, or about the event's schedule, tracks and robots.`;
    const skill = [
      "---",
      `name: ${SKILL_NAME}`,
      `description: ${JSON.stringify(description)}`,
      "---",
      "",
      `# ${model.event.name} API`,
      "",
      `A read-only JSON API at ${model.baseUrl}. ${NO_AUTH}`,
      "",
      "## Endpoints",
      "",
      'Send `GET` to these URLs; lists are `{object: "list", count, generatedAt, docs, data}` and the entries are in `data`.',
      "",
      ...endpointList(model, site),
      "",
      "## Rules",
      "",
      ...clientRules(model).map((rule) => `- ${rule}`),
      "- An unknown path under `/api/` answers 404 with a JSON body: `code`, `message`, `resolution`.",
      "",
      "## Limits",
      "",
      ...CANNOT.map((item) => `- ${item}`),
      "",
    ].join("\n");
    const digest = `sha256:${createHash("sha256").update(skill, "utf8").digest("hex")}`;
    const index = {
      $schema: "https://schemas.agentskills.io/discovery/0.2.0/schema.json",
      skills: [
        { name: SKILL_NAME, type: "skill-md", description, url: siteUrl(model.baseUrl, SKILL_PATH), digest },
      ],
    };
    return [
      { path: SKILLS_INDEX_PATH, body: json(index) },
      { path: SKILL_PATH, body: skill },
    ];
  },
};
