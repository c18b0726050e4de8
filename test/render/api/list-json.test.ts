import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import { keepDerivedValues } from "../../../generator/derive/kept.ts";
import type { Model } from "../../../generator/derive/model.ts";
import { listJson } from "../../../generator/render/api/list-json.ts";
import { json } from "../../../generator/render/document.ts";

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
      { numRuns: 500 },
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

  it("reuses an entry's JSON while the entry lives, and serialises a new entry afresh, in npm run dev", () => {
    keepDerivedValues(true);
    onTestFinished(() => keepDerivedValues(false));
    const kept = { slug: "a", title: "A\nline" };
    const before = listBody([kept, { slug: "b", title: "B" }]);
    const after = listBody([kept, { slug: "b", title: "B, edited" }]);
    expect(before).toBe(plain([kept, { slug: "b", title: "B" }]));
    expect(after).toBe(plain([kept, { slug: "b", title: "B, edited" }]));
    // The kept entry's JSON was not made again: a cache keyed by the object, not by its text.
    // One call for the envelope, none for the entry.
    expect(stringifyCalls(() => listBody([kept]))).toBe(1);
  });

  it("keeps nothing in a clean build, where each entry is written once", () => {
    const entry = { slug: "a" };
    listBody([entry]);
    // The envelope and the entry, again.
    expect(stringifyCalls(() => listBody([entry]))).toBe(2);
  });
});

/** How many times `run` calls JSON.stringify. */
function stringifyCalls(run: () => unknown): number {
  const real = JSON.stringify;
  let calls = 0;
  JSON.stringify = ((...args: Parameters<typeof real>) => (calls++, real(...args))) as typeof real;
  try {
    run();
  } finally {
    JSON.stringify = real;
  }
  return calls;
}
