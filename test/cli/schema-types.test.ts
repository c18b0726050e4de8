import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { renderRecordTypes, TYPES_FILE } from "../../generator/cli/schema-types.ts";

describe("record types", () => {
  it("generator/contract/records.ts is generated from the current schemas", async () => {
    expect(await readFile(TYPES_FILE, "utf8")).toBe(await renderRecordTypes());
  });
});
