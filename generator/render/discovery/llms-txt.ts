import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { DEVELOPERS_PAGE } from "../api/meta.ts";
import { TEXT_TYPE, type DocumentKind } from "../shared/document.ts";
import { dateRange } from "../shared/dates.ts";
import { CANNOT, clientRules, deadlineSentence, endpointList, linkTo, NO_AUTH } from "./agent-text.ts";

/**
 * llmstxt.org structure: one H1, a blockquote summary, guidance paragraphs (no headings), then H2
 * sections that hold only `- [name](url): notes` lists; `Optional` holds what can be skipped.
 */
export const llmsTxt: DocumentKind = {
  name: "llms-txt",
  path: "llms.txt",
  mediaType: TEXT_TYPE,
  description: "Navigation index for language models, with guidance on when to use the site.",
  discovery: true,
  render(model, site) {
    const e = model.event;
    const deadlines = deadlineSentence(model);
    const link = (name: string, title: string, notes: string) => {
      const url = linkTo(model, site, name);
      return url ? [`- [${title}](${url}): ${notes}`] : [];
    };
    const lines = [
      `# ${e.name} API`,
      "",
      `> Read-only JSON about the teams and submitted projects of ${e.name} (${dateRange(e.startDate, e.endDate)}, ${e.venue.name}). No key, no login, no rate limit; cross-origin reads are open.`,
      "",
      `Use this site to find the event's teams and projects: who is still recruiting and what skills they need, which projects used real robots, which robots and tracks exist, and the schedule and rules. ${clientRules(model).join(" ")}`,
      "",
      ...(deadlines ? [deadlines, ""] : []),
      `Limits: ${CANNOT.join(" ")} ${NO_AUTH}`,
      "",
      "## API",
      "",
      ...endpointList(model, site),
      ...link("openapi", "OpenAPI description", "every endpoint, its fields and the error body"),
      ...site.documents
        .filter((d) => d.feed)
        .map(
          (d) =>
            `- [${d.feed!.title} feed](${siteUrl(model.baseUrl, d.path)}): Atom; subscribe instead of polling`,
        ),
      ...archivedApis(model),
      "",
      "## Docs",
      "",
      `- [Developer guide](${siteUrl(model.baseUrl, DEVELOPERS_PAGE)}): endpoints, fields, quickstart, rules, errors, versioning`,
      ...link("agents-md", "Instructions for agents", "when to use the site and what it cannot do"),
      ...link("auth-md", "Authentication", "none exists"),
      ...model.handbook.map((h) => `- [${h.title}](${h.url}): handbook chapter`),
      ...(model.event.repository
        ? [
            `- [Repository](https://github.com/${model.event.repository}): the records as YAML; teams change theirs by pull request`,
          ]
        : []),
      "",
      "## Optional",
      "",
      ...link("llms-full-txt", "Full handbook", "the whole handbook as one Markdown document"),
      ...link("api-catalog", "API catalog", "RFC 9727 linkset of the API"),
      ...link("agent-card", "A2A agent card", "describes this static API"),
      ...link("ai-catalog", "AI catalog", "Agentic Resource Discovery catalog of the API"),
      "",
    ];
    return [{ path: "llms.txt", body: lines.join("\n") }];
  },
};

/** Each archived edition's API, which keeps the same contract under its own address. */
function archivedApis(model: Model): string[] {
  if (model.series?.id !== null) return [];
  return model.series.editions
    .filter((e) => !e.current)
    .map(
      (e) => `- [${e.name} API](${e.api}): an earlier edition's API index, the same contract under /${e.id}/`,
    );
}
