import { JSON_TYPE, type DocumentKind } from "../shared/document.ts";
import { listJson } from "./list-json.ts";

export const projectsJson: DocumentKind = {
  name: "projects",
  path: "api/projects.json",
  mediaType: JSON_TYPE,
  description: "List envelope whose data holds one entry per submitted project.",
  endpoint: { operationId: "listProjects", schema: "ProjectList" },
  render: (model) => [listJson("api/projects.json", model, model.projects)],
};
