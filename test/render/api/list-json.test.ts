import { describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { listJson } from "../../../generator/render/api/list-json.ts";
import { meta } from "../../../generator/render/api/meta.ts";
import { bodyText } from "../../../generator/render/shared/document.ts";

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
    const parts = [...(output.body as Iterable<string>)];
    // The head, then a separator and an entry for each, then the close.
    expect(parts.length).toBe(2 + 2 * data.length);
    const whole = { object: "list", count: data.length, ...meta(model), data };
    expect(parts.join("")).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    // Read twice, it is the same text: a writer may compare, then write.
    expect(bodyText(output)).toBe(parts.join(""));
  });
});
