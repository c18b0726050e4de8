import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderRecordTypes, REPO_ROOT, TYPES_PATH } from "../../generator/contract/render-record-types.ts";

describe("record types", () => {
  it("generator/contract/records.ts is generated from the current schemas", async () => {
    expect(await readFile(join(REPO_ROOT, TYPES_PATH), "utf8")).toBe(await renderRecordTypes());
  });
});
