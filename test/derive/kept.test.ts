import { afterEach, describe, expect, it } from "vitest";
import { keepDerivedValues } from "../../generator/derive/kept.ts";
import { check, modelOf } from "../../generator/pipeline.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

const BASE = "https://org.github.io/sprint/";
const AT = "2025-12-05T10:00:00+00:00";

afterEach(() => keepDerivedValues(false));

describe("entries kept between rebuilds (npm run dev)", () => {
  it("come back as the same objects for unchanged records, and new for a changed one and its team", async () => {
    keepDerivedValues(true);
    const checked = await check(await exampleRoot());
    const before = modelOf(checked, BASE, AT);
    const changed = checked.loaded.projects.find((p) => (p.data as { teamSlug?: string }).teamSlug)!;
    changed.data = { ...(changed.data as object), title: "A new title" };
    const after = modelOf(checked, BASE, AT);

    const teamSlug = (changed.data as { teamSlug: string }).teamSlug;
    for (const [i, project] of after.projects.entries())
      expect(project === before.projects[i], project.slug).toBe(project.slug !== changed.slug);
    for (const [i, team] of after.teams.entries())
      expect(team === before.teams[i], team.slug).toBe(team.slug !== teamSlug);
    expect(after.teams.find((t) => t.slug === teamSlug)!.projects).toContainEqual(
      expect.objectContaining({ slug: changed.slug, title: "A new title" }),
    );
    expect(before.projects.length).toBeGreaterThan(1);
  });

  it("are made afresh in a clean build, which keeps nothing", async () => {
    const checked = await check(await exampleRoot());
    const before = modelOf(checked, BASE, AT);
    const after = modelOf(checked, BASE, AT);
    expect(after.projects.some((p, i) => p === before.projects[i])).toBe(false);
    expect(after).toEqual(before);
  });

  it("are made again when the base URL changes", async () => {
    keepDerivedValues(true);
    const checked = await check(await exampleRoot());
    const before = modelOf(checked, BASE, AT);
    const after = modelOf(checked, "https://other.example/", AT);
    expect(after.projects[0]).not.toBe(before.projects[0]);
    expect(after.projects[0]!.url.startsWith("https://other.example/")).toBe(true);
  });
});
