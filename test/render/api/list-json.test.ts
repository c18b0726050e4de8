import { describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { listJson } from "../../../generator/render/api/list-json.ts";

const model = { baseUrl: "https://org.github.io/sprint/", generatedAt: "2025-12-05T10:00:00+00:00" } as Model;

describe("listJson", () => {
  it("writes the contract's envelope, in its order, indented, with a final newline", () => {
    const output = listJson("api/teams.json", model, [{ slug: "a" }, { slug: "b", title: "B" }]);
    expect(output.path).toBe("api/teams.json");
    expect(output.body).toBe(
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
    expect(listJson("api/projects.json", model, []).body).toContain('"count": 0,');
    expect(listJson("api/projects.json", model, []).body).toContain('"data": []\n}\n');
  });
});
