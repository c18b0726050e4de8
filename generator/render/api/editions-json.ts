import { editionsOf } from "../../derive/editions.ts";
import { json, JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { meta } from "./meta.ts";

export const EDITIONS_JSON = "api/editions.json";

/**
 * Every edition of the event, newest first, the current one included (issue 57): its name, dates,
 * counts, winners, and where its site and API are. Published at the root alone, for the series.
 */
export const editionsJson: DocumentKind = {
  name: "editions",
  path: EDITIONS_JSON,
  mediaType: JSON_TYPE,
  description:
    "Every edition of the event, newest first (the current one included): name, dates, counts of teams and projects, winners, and the address of its site and its API index.",
  endpoint: { operationId: "listEditions", schema: "EditionList" },
  rootOnly: true,
  render(model) {
    const data = editionsOf(model);
    return [
      { path: EDITIONS_JSON, body: json({ object: "list", count: data.length, ...meta(model), data }) },
    ];
  },
};
