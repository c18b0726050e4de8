import { pathTemplate, perRecord } from "../shared/document.ts";
import { siteUrl } from "../../derive/base-url.ts";
import type { Model } from "../../derive/model.ts";
import { eventTime } from "../shared/dates.ts";
import { hardwareTracks } from "../shared/hardware-tracks.ts";
import type { DocumentKind, SiteContext } from "../shared/document.ts";

/** Facts every text for agents states the same way, so llms.txt, agents.md and the skill cannot disagree. */
export function clientRules(model: Model): string[] {
  const hardware = hardwareTracks(model);
  return [
    "Teams still recruiting are the entries of `api/teams.json` whose `lookingForMembers` is `true`; their needs are in `skillsWanted`.",
    hardware
      ? `Projects that used physical hardware are the entries of \`api/projects.json\` whose \`track\` is \`"${hardware[0]}"\` or \`"${hardware[1]}"\`; \`track\` may be \`null\`.`
      : `A project's \`track\` in \`api/projects.json\` is one of the event's track ids (${model.event.tracks.map((t) => `\`"${t.id}"\``).join(", ")}), each named and described under \`tracks\` in \`api/event.json\`; \`track\` may be \`null\`.`,
    "`robots` can be an empty list; handle it.",
    "Ignore keys you do not know: fields are additive, and existing keys keep their meaning.",
  ];
}

export const CANNOT = [
  "It cannot register a team, submit a project or change any data: there are no write operations. Teams register through pull requests on the event's GitHub repository.",
  "It has no search, filters or query parameters: each list is one document with every entry; filter on your side.",
  "Its data is as current as the last regeneration, which happens whenever a record changes.",
];

export const NO_AUTH =
  "There is no authentication: no key, token, login or registration step exists, and no authorization server. Every endpoint is open for cross-origin GET requests. Clients looking for a credential must stop looking.";

/**
 * When registration and submissions close, in the event's own zone ("Sat 5 Dec 2026, 12:00 CET"),
 * as llms.txt and agents.md both say it; undefined when the event sets no deadline.
 */
export function deadlineSentence(model: Model): string | undefined {
  const { deadlines, timezone } = model.event;
  const parts = [
    deadlines.registration && `Registration closes ${eventTime(deadlines.registration, timezone)}`,
    deadlines.submission && `submissions close ${eventTime(deadlines.submission, timezone)}`,
  ].filter((part) => typeof part === "string");
  if (!parts.length) return undefined;
  const said = parts.join(" and ");
  return `${said[0]!.toUpperCase()}${said.slice(1)} (${timezone} time); an organiser may still accept a late change. \`deadlines\` in \`api/event.json\` gives the times in ISO 8601.`;
}

/** `- [title](absolute url): notes` for every API endpoint in the registry. */
export function endpointList(model: Model, site: SiteContext): string[] {
  // A record's own document is a URI template: it links the index, which lists the template.
  return endpoints(site).map((d) =>
    perRecord(d)
      ? `- [/${pathTemplate(d.path)}](${siteUrl(model.baseUrl, "api/index.json")}): ${d.description} Fill in a slug (templates in api/index.json).`
      : `- [/${d.path}](${siteUrl(model.baseUrl, d.path)}): ${d.description}`,
  );
}

export function endpoints(site: SiteContext): DocumentKind[] {
  return site.documents.filter((d) => d.endpoint);
}

/** A document by name, for links between discovery documents; absent ones are simply not linked. */
export function linkTo(model: Model, site: SiteContext, name: string): string | undefined {
  const kind = site.documents.find((d) => d.name === name);
  return kind ? siteUrl(model.baseUrl, kind.path) : undefined;
}
