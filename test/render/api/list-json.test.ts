import { describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { listJson } from "../../../generator/render/api/list-json.ts";
import { meta } from "../../../generator/render/api/meta.ts";
import { bodyOf, bodyText, type Output } from "../../../generator/render/shared/document.ts";
import { publishEntry } from "../../../generator/derive/published-entry.ts";
import { PROJECT_EXTRAS } from "../../../generator/contract/entry-extras.ts";

const model = { baseUrl: "https://org.github.io/sprint/", generatedAt: "2025-12-05T10:00:00+00:00" } as Model;

describe("listJson", () => {
  it("writes the contract's envelope, in its order, indented, with a final newline", () => {
    const output = listJson("api/teams.json", model, [{ slug: "a" }, { slug: "b", title: "B" }]);
    expect(output.path).toBe("api/teams.json");
    expect(bodyText(output)).toBe(
      [
        "{",
        '  "object": "list",',
        '  "count": 2,',
        '  "generatedAt": "2025-12-05T10:00:00+00:00",',
        '  "docs": "https://org.github.io/sprint/developers.html",',
        '  "data": [',
        "    {",
        '      "slug": "a"',
        "    },",
        "    {",
        '      "slug": "b",',
        '      "title": "B"',
        "    }",
        "  ]",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("writes an empty list as []", () => {
    expect(bodyText(listJson("api/projects.json", model, []))).toContain('"count": 0,');
    expect(bodyText(listJson("api/projects.json", model, []))).toContain('"data": []\n}\n');
  });

  it("comes in parts, each entry's text apart (never joined into a rope the writer flattens), that join to exactly what JSON.stringify writes", () => {
    // Nested lists and objects, empty ones, text that JSON escapes, and enough entries for many parts.
    const entry = (i: number) => ({
      slug: `p-${i}`,
      team: [{ name: 'Ana "A"\n', github: null }],
      robots: [],
      links: {},
      text: "é ✓ \u2028 ".repeat(i % 7),
    });
    const data = Array.from({ length: 3000 }, (_, i) => entry(i));
    const output = listJson("api/projects.json", model, data);
    const parts = [...(bodyOf(output) as Iterable<string>)];
    // The head, then a separator and an entry for each, then the close.
    expect(parts.length).toBe(2 + 2 * data.length);
    const whole = { object: "list", count: data.length, ...meta(model), data };
    expect(parts.join("")).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    // Read twice, it is the same text: a writer may compare, then write.
    expect(bodyText(output)).toBe(parts.join(""));
  });

  it("is made from a view that stays the same while its head and entries are the last build's (npm run dev), so the writer keeps its file", () => {
    const records = [0, 1, 2].map((i) => ({
      title: `T${i}`,
      tagline: "t",
      description: "d",
      team: [{ name: "A" }],
    }));
    const entries = () =>
      records.map((record, i) =>
        publishEntry("project", record, PROJECT_EXTRAS, {
          slug: `p-${i}`,
          imageUrls: [],
          awards: [],
          url: `https://x.test/projects/p-${i}.html`,
          table: null,
        }),
      );
    const view = (output: Output) => ("view" in output ? output.view : undefined);
    const build = (data: object[], at = model) => listJson("api/projects.json", at, data);
    // A first build's entries are new: nothing kept, a view of its own each time.
    const first = entries();
    expect(view(build(first))).not.toEqual(view(build(first)));
    // The next build hands the same entries out again (published-entry.ts): the same view, the same text.
    const kept = build(entries());
    expect(view(build(entries()))).toEqual(view(kept));
    expect(bodyText(build(entries()))).toBe(bodyText(kept));
    // An entry changed, another generatedAt (the head), an entry fewer: another view, then that one stays.
    records[1] = { ...records[1]!, tagline: "changed" };
    const changed = build(entries());
    expect(view(changed)).not.toEqual(view(kept));
    expect(bodyText(changed)).toContain('"tagline": "changed"');
    expect(view(build(entries()))).toEqual(view(changed));
    expect(view(build(entries(), { ...model, generatedAt: "2026-01-01T00:00:00+00:00" }))).not.toEqual(
      view(changed),
    );
    expect(view(build(entries().slice(1)))).not.toEqual(view(changed));
  });
});
