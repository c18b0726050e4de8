import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { listJson } from "../../../generator/render/api/list-json.ts";
import { json } from "../../../generator/render/document.ts";
import { PROPERTY_RUNS } from "../../helpers/property-runs.ts";

const model = { baseUrl: "https://org.github.io/sprint/", generatedAt: "2025-12-05T10:00:00+00:00" } as Model;
const listBody = (data: readonly object[]) => listJson("api/projects.json", model, data).body;
const plain = (data: readonly object[]) =>
  json({
    object: "list",
    count: data.length,
    generatedAt: model.generatedAt,
    docs: "https://org.github.io/sprint/developers.html",
    data,
  });

describe("listJson", () => {
  it("writes the bytes JSON.stringify writes, for any entries", () => {
    const entry = fc.object({ maxDepth: 3, values: [fc.jsonValue(), fc.string({ unit: "binary" })] });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (data) => {
        expect(listBody(data)).toBe(plain(data));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("gives the list in parts, one entry at a time, for the writer to write as they come", () => {
    const data = [{ slug: "a" }, { slug: "b", title: "B" }];
    const output = listJson("api/teams.json", model, data);
    expect(output.path).toBe("api/teams.json");
    const parts = [...output.parts!()];
    expect(parts).toHaveLength(2 + 2 * data.length);
    expect(parts[2]).toBe('{\n      "slug": "a"\n    }');
    expect(parts.join("")).toBe(plain(data));
  });

  it("writes an empty list as []", () => {
    expect(listBody([])).toBe(plain([]));
    expect(listBody([])).toContain('"data": []\n}\n');
  });
});
