import { JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { listJson } from "./list-json.ts";

export const teamsJson: DocumentKind = {
  name: "teams",
  path: "api/teams.json",
  mediaType: JSON_TYPE,
  description:
    "List envelope whose data holds one entry per team, with its roster, skills present and projects.",
  endpoint: { operationId: "listTeams", schema: "TeamList" },
  render: (model) => [listJson("api/teams.json", model, model.teams)],
};
