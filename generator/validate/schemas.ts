import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { recordSchemas, SCHEMA_FILES } from "../contract/record-schemas.ts";
import type { RecordKind } from "../load/record-file.ts";

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
