import { json, JSON_TYPE, type DocumentKind } from "../document.ts";
import { list } from "./meta.ts";

export const projectsJson: DocumentKind = {
  name: "projects",
  path: "api/projects.json",
  mediaType: JSON_TYPE,
  description: "List envelope whose data holds one entry per submitted project.",
  endpoint: { operationId: "listProjects", schema: "ProjectList" },
  render: (model) => [{ path: "api/projects.json", body: json(list(model, model.projects)) }],
};
