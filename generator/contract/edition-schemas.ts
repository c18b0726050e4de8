type Json = Record<string, unknown>;

/**
 * An entry of `/api/editions.json` (derive/editions.ts makes it): one edition of the event. Open to
 * additions, every key present, like every published entry (api-schemas.ts).
 */
export function editionEntrySchema(slugPattern: string): Json {
  const url = { type: "string", format: "uri" };
  const project = {
    type: "object",
    required: ["slug", "title", "url"],
    properties: {
      slug: { type: "string", pattern: slugPattern },
      title: { type: "string" },
      url: { ...url, description: "The project's page in its edition." },
    },
  };
  const properties: Record<string, Json> = {
    id: {
      type: ["string", "null"],
      pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
      description:
        "The archived edition's id, the path it is published under (/2026/); null for the current edition, at the root.",
    },
    current: { type: "boolean", description: "True for the current edition, published at the site's root." },
    name: { type: "string", description: "The event's name in that edition." },
    startDate: { type: "string", format: "date", description: "The edition's first day." },
    endDate: { type: "string", format: "date", description: "The edition's last day." },
    url: { ...url, description: "The edition's home page." },
    api: { ...url, description: "The edition's /api/index.json: its API, with the same contract." },
    teams: { type: "integer", minimum: 0, description: "How many teams the edition had." },
    projects: { type: "integer", minimum: 0, description: "How many projects the edition had." },
    winners: {
      type: "array",
      description: "Each award with its winning projects; an empty list until the edition's judging is over.",
      items: {
        type: "object",
        required: ["award", "projects"],
        properties: { award: { type: "string" }, projects: { type: "array", items: project } },
      },
    },
  };
  return { type: "object", required: Object.keys(properties), properties };
}
