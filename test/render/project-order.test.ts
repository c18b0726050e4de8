import { describe, expect, it } from "vitest";
import type { Model, ProjectEntry } from "../../generator/derive/model.ts";
import { galleryOrder } from "../../generator/render/shared/project-order.ts";
import { exampleModel } from "../helpers/example-model.ts";

const BASE = "https://org.github.io/sprint/";

/** The example model with these projects (copies of its first, by slug and title) and awards. */
async function withProjects(
  titles: Record<string, string>,
  more: { awards?: Model["event"]["awards"]; updatedAt?: Record<string, string> } = {},
): Promise<Model> {
  const model = await exampleModel(BASE);
  const first = model.projects[0]!;
  const projects: ProjectEntry[] = Object.entries(titles).map(([slug, title]) => ({ ...first, slug, title }));
  return {
    ...model,
    event: { ...model.event, awards: more.awards ?? [] },
    projects,
    updatedAt: { ...model.updatedAt, projects: new Map(Object.entries(more.updatedAt ?? {})) },
  };
}

const slugs = (list: readonly ProjectEntry[]) => list.map((p) => p.slug);

describe("the gallery's order", () => {
  it("is A–Z by title, case and accents folded, digits as numbers, ties by slug", async () => {
    const model = await withProjects({
      "p-10": "Project 10",
      "p-2": "Project 2",
      zebra: "zebra",
      eclair: "Éclair",
      apple: "apple",
      "banana-b": "Banana",
      "banana-a": "banana",
      "p-02": "Project 02",
    });
    expect(slugs(galleryOrder(model).projects)).toEqual([
      "apple",
      "banana-a",
      "banana-b",
      "eclair",
      "p-02",
      "p-2",
      "p-10",
      "zebra",
    ]);
  });

  it("places each project newest first (ties by slug) and winners first (by the event's order of awards)", async () => {
    const model = await withProjects(
      { a: "Alpha", b: "Bravo", c: "Charlie", d: "Delta" },
      {
        awards: [
          { name: "Grand prize", projects: ["c"], description: null },
          { name: "Audience", projects: ["b", "c"], description: null },
        ],
        updatedAt: {
          a: "2026-12-01T10:00:00+00:00",
          b: "2026-12-03T10:00:00+00:00",
          c: "2026-12-02T10:00:00+00:00",
          d: "2026-12-03T10:00:00+00:00",
        },
      },
    );
    const { places } = galleryOrder(model);
    const by = (sort: "newest" | "winners") =>
      [...places].sort(([, x], [, y]) => x[sort] - y[sort]).map(([slug]) => slug);
    expect(by("newest")).toEqual(["b", "d", "c", "a"]);
    expect(by("winners")).toEqual(["c", "b", "a", "d"]);
  });

  it("is made once per model", async () => {
    const model = await withProjects({ a: "Alpha" });
    expect(galleryOrder(model)).toBe(galleryOrder(model));
  });
});
