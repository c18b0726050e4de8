import { describe, expect, it } from "vitest";
import { deriveSite } from "../../generator/pipeline.ts";
import { documents } from "../../generator/render/registry.ts";
import { renderOutputs } from "../../generator/render/render-site.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

const GROWING = [
  "team-entry",
  "project-entry",
  "team-page",
  "project-page",
  "team-list-page",
  "project-list-page",
  "redirect-pages",
];

describe("rendering the site", () => {
  it("makes the documents that grow with the event one at a time, as they are written", async () => {
    const derived = await deriveSite({ root: await exampleRoot(), baseUrl: "https://example.org/" });
    if (!derived.ok) throw new Error("the example does not build");
    // A page and a JSON document per record, the paginated lists, and a redirect per former slug.
    const growing = documents.filter((kind) => GROWING.includes(kind.name));
    expect(growing).toHaveLength(7);
    for (const kind of growing) {
      const made = kind.render(derived.model, { documents, rendered: [] });
      // An array would hold every page or document of the kind in memory at once (20 MB of
      // per-record JSON at 10,000 projects); an iterator hands them to the writer one by one.
      expect(Array.isArray(made), kind.name).toBe(false);
      expect(typeof (made as Partial<Iterator<unknown>>).next, kind.name).toBe("function");
    }
    // The whole site still comes out, every document once.
    const paths = [...renderOutputs(derived.model)].map((output) => output.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
