import common from "../../records/schemas/common.schema.json" with { type: "json" };
import event from "../../records/schemas/event.schema.json" with { type: "json" };
import project from "../../records/schemas/project.schema.json" with { type: "json" };
import team from "../../records/schemas/team.schema.json" with { type: "json" };
import type { RecordKind } from "../record-layout.ts";

/** The record schemas: the single source of truth for record shape, the code's types and openapi.json. */
export const recordSchemas = { common, event, team, project } as const;

export const SCHEMA_FILES: Record<RecordKind, string> = {
  event: "event.schema.json",
  team: "team.schema.json",
  project: "project.schema.json",
};
