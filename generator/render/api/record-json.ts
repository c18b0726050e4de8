import type { Model } from "../../derive/model.ts";
import { fromView, json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";

/** The entry alone, as its own document. */
const entryJson = ({ entry }: { entry: object }): string => json(entry);

/** `api/projects/<slug>.json`: where one record's document lives, for the page that links it. */
export const recordJsonPath = (kind: "teams" | "projects", slug: string): string =>
  `api/${kind}/${slug}.json`;

/**
 * One document per team and per project: the entry exactly as in the list, so a consumer who
 * wants one project reads a few kilobytes instead of the whole list (21 MB at 10,000 projects).
 * An unknown slug answers like any unknown /api/ path, with the JSON error body.
 */
function recordJson(
  kind: "teams" | "projects",
  noun: string,
  operationId: string,
  schema: string,
): DocumentKind {
  return {
    name: `${noun}-entry`,
    path: recordJsonPath(kind, "<slug>"),
    mediaType: JSON_TYPE,
    description: `One ${noun} by its slug: the entry as in /api/${kind}.json.`,
    endpoint: { operationId, schema },
    // One at a time, as they are written: 10,000 documents at once would be 20 MB of strings.
    *render(model: Model) {
      for (const entry of model[kind]) yield fromView(recordJsonPath(kind, entry.slug), { entry }, entryJson);
    },
  };
}

export const teamJson = recordJson("teams", "team", "getTeam", "TeamEntry");
export const projectJson = recordJson("projects", "project", "getProject", "ProjectEntry");
