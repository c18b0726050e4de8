import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import common from "../../records/schemas/common.schema.json" with { type: "json" };
import event from "../../records/schemas/event.schema.json" with { type: "json" };
import project from "../../records/schemas/project.schema.json" with { type: "json" };
import team from "../../records/schemas/team.schema.json" with { type: "json" };
import type { RecordKind } from "../load/record-file.ts";

/** The record schemas, the single source of truth for record shape (and, later, for openapi.json). */
export const recordSchemas = { common, event, team, project } as const;

export const SCHEMA_FILES: Record<RecordKind, string> = {
  event: "event.schema.json",
  team: "team.schema.json",
  project: "project.schema.json",
};

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module namespace.
export const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * One ajv instance, compiled once. `useDefaults` fills optional fields (track → null, robots → []).
 * Every thread that checks records compiles it, so two things ajv would do first are left out
 * (43 → 19 ms): checking our own schemas against the JSON Schema meta-schema, which
 * test/validate/schemas.test.ts does, and simplifying the code it generates, which checks the
 * same either way (strict mode still refuses a schema it does not understand).
 */
export const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  useDefaults: true,
  verbose: true,
  validateSchema: false,
  code: { optimize: false },
});
addFormats(ajv, ["date", "date-time", "uri"]);
for (const schema of Object.values(recordSchemas)) ajv.addSchema(schema);

const compiled = new Map<RecordKind, ValidateFunction>();

export function validatorFor(kind: RecordKind): ValidateFunction {
  let validate = compiled.get(kind);
  if (!validate) {
    validate = ajv.getSchema(SCHEMA_FILES[kind])!;
    compiled.set(kind, validate);
  }
  return validate;
}
