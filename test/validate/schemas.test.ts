import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { recordSchemas } from "../../generator/contract/record-schemas.ts";
import { ajv } from "../../generator/validate/schemas.ts";

/** The build's ajv does not check our schemas against the meta-schema (see schemas.ts); this does. */
describe("the record schemas", () => {
  it.each(Object.entries(recordSchemas))("%s is a valid JSON Schema 2020-12 document", (_, schema) => {
    const checker = new Ajv2020({ strict: true });
    expect(checker.validateSchema(schema), JSON.stringify(checker.errors)).toBe(true);
  });

  it("a schema that breaks the meta-schema is caught here", () => {
    const checker = new Ajv2020({ strict: true });
    expect(checker.validateSchema({ type: "object", required: "name" })).toBe(false);
  });

  it("the build's ajv still refuses a keyword it does not know (strict mode)", () => {
    expect(() => ajv.compile({ type: "object", propertys: {} })).toThrow(/unknown keyword/);
  });
});
