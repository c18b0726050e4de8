import { siteUrl } from "../../derive/base-url.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { MARKDOWN_TYPE, type DocumentKind } from "../shared/document.ts";
import { CANNOT, clientRules, deadlineSentence, endpointList, linkTo, NO_AUTH } from "./agent-text.ts";

/** Instructions for agents: when to use the site, how to read it, what it cannot do. No standard defines it. */
export const agentsMd: DocumentKind = {
  name: "agents-md",
  path: "agents.md",
  mediaType: MARKDOWN_TYPE,
  description: "Instructions for agents: when to use the site and what it cannot do.",
  discovery: true,
  render(model, site) {
    const e = model.event;
    const deadlines = deadlineSentence(model);
    const optional = (name: string, text: (url: string) => string) => {
      const url = linkTo(model, site, name);
      return url ? [text(url)] : [];
    };
    const lines = [
      `# Agent instructions: ${e.name}`,
      "",
      `This site publishes a read-only JSON API over the teams and projects of ${e.name}. Base URL: ${model.baseUrl}`,
      "",
      "## When to use it",
      "",
      "- To answer questions about the event: dates, schedule, venue, tracks, robots available, judging criteria, registration link (`api/event.json`).",
      "- To find teams still looking for members and the skills they want, or a team's roster (`api/teams.json`).",
      "- To list submitted projects, their track, robots, team, links and description (`api/projects.json`).",
      "",
      ...(deadlines ? ["## Deadlines", "", deadlines, ""] : []),
      "## Endpoints",
      "",
      'All are `GET`, return JSON and take no parameters. Lists share one envelope: `{object: "list", count, generatedAt, docs, data}`; read entries from `data`.',
      "",
      ...endpointList(model, site),
      ...optional("openapi", (url) => `- [OpenAPI description](${url}): the fields of every document`),
      ...optional("llms-txt", (url) => `- [llms.txt](${url}): an index of the site`),
      `- [Developer guide](${siteUrl(model.baseUrl, DEVELOPERS_PAGE)}): the same, for people`,
      "",
      "## Client rules",
      "",
      ...clientRules(model).map((rule) => `- ${rule}`),
      "- An unknown path under `/api/` returns a JSON error body with `code`, `message` and `resolution` (status 404).",
      "",
      "## What it cannot do",
      "",
      ...CANNOT.map((item) => `- ${item}`),
      "",
      "## Authentication",
      "",
      NO_AUTH,
      ...optional("auth-md", (url) => `See [auth.md](${url}).`),
      "",
      "## Licensing",
      "",
      "Event and handbook content is CC BY 4.0. Team and project content belongs to the people who submitted it; quote it with attribution.",
      "",
    ];
    return [{ path: "agents.md", body: lines.join("\n") }];
  },
};
