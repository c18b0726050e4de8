import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import { keepDerivedValues } from "../../../generator/derive/kept.ts";
import type { Model } from "../../../generator/derive/model.ts";
import { listJson } from "../../../generator/render/api/list-json.ts";
import { json } from "../../../generator/render/document.ts";

const model = { baseUrl: "https://org.github.io/sprint/", generatedAt: "2025-12-05T10:00:00+00:00" } as Model;
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
        expect(listJson(model, data)).toBe(plain(data));
      }),
      { numRuns: 500 },
    );
  });

  it("writes an empty list as []", () => {
    expect(listJson(model, [])).toBe(plain([]));
    expect(listJson(model, [])).toContain('"data": []\n}\n');
  });

  it("reuses an entry's JSON while the entry lives, and serialises a new entry afresh, in npm run dev", () => {
    keepDerivedValues(true);
    onTestFinished(() => keepDerivedValues(false));
    const kept = { slug: "a", title: "A\nline" };
    const before = listJson(model, [kept, { slug: "b", title: "B" }]);
    const after = listJson(model, [kept, { slug: "b", title: "B, edited" }]);
    expect(before).toBe(plain([kept, { slug: "b", title: "B" }]));
    expect(after).toBe(plain([kept, { slug: "b", title: "B, edited" }]));
    // The kept entry's JSON was not made again: a cache keyed by the object, not by its text.
    // One call for the envelope, none for the entry.
    expect(stringifyCalls(() => listJson(model, [kept]))).toBe(1);
  });

  it("keeps nothing in a clean build, where each entry is written once", () => {
    const entry = { slug: "a" };
    listJson(model, [entry]);
    // The envelope and the entry, again.
    expect(stringifyCalls(() => listJson(model, [entry]))).toBe(2);
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
