import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffModels, isEmptyDiff } from "../../generator/diff/api-diff.ts";
import { deriveSite } from "../../generator/pipeline.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

const BASE_URL = "https://registry.example/";

async function modelOf(root: string) {
  const derived = await deriveSite({ root, baseUrl: BASE_URL, env: { SOURCE_DATE_EPOCH: "0" } });
  if (!derived.ok) throw new Error(JSON.stringify(derived.diagnostics));
  return derived.model;
}

async function edit(root: string, path: string, from: string, to: string) {
  const text = await readFile(join(root, path), "utf8");
  if (!text.includes(from)) throw new Error(`${path} has no ${from}`);
  await writeFile(join(root, path), text.replace(from, to));
}

describe("the API diff of two built example sites", () => {
  it("lists added, removed and changed entries field by field", async () => {
    const base = await exampleRoot();
    const head = await exampleRoot();
    // Without a seed, a withdrawn project's table goes to the next one (docs/expo-tables.md): the
    // floor would add every later table to this diff, which is about the fields, so both go without.
    for (const root of [base, head]) {
      const event = join(root, "records/event.yaml");
      await writeFile(event, (await readFile(event, "utf8")).replace(/^expo:\n(?: .*\n)+/m, ""));
    }
    await writeFile(
      join(head, "records/teams/new-team.yaml"),
      "name: New Team\nlookingForMembers: true\nskillsWanted: [ROS 2]\nmembers:\n  - name: Ada\n    github: ada\n",
    );
    await rm(join(head, "records/projects/cable-tidy.yaml"));
    await edit(
      head,
      "records/projects/soft-grasp.yaml",
      "robots:\n  - SO-100 arm\n",
      "robots:\n  - SO-100 arm\n  - TurtleBot 4\n",
    );
    await edit(head, "records/projects/soft-grasp.yaml", "title: Soft Grasp", "title: Softer Grasp");
    await edit(head, "records/teams/drone-dojo.yaml", "github: inesduarte", "github: ines-d");
    await edit(head, "records/event.yaml", "name: Werkhalle 7\n", "name: Werkhalle 8\n");

    const diff = diffModels(await modelOf(base), await modelOf(head));
    expect(diff).toEqual({
      event: [{ path: "venue.name", before: "Werkhalle 7", after: "Werkhalle 8" }],
      teams: {
        added: ["new-team"],
        removed: [],
        changed: [
          {
            slug: "drone-dojo",
            fields: [{ path: "members[1].github", before: "inesduarte", after: "ines-d" }],
          },
          {
            // The team's list of projects is derived from the project's title.
            slug: "gripper-gang",
            fields: [{ path: "projects[0].title", before: "Soft Grasp", after: "Softer Grasp" }],
          },
        ],
      },
      projects: {
        added: [],
        removed: ["cable-tidy"],
        changed: [
          {
            slug: "soft-grasp",
            fields: [
              { path: "robots", before: ["SO-100 arm"], after: ["SO-100 arm", "TurtleBot 4"] },
              { path: "title", before: "Soft Grasp", after: "Softer Grasp" },
            ],
          },
        ],
      },
    });
    expect(isEmptyDiff(diff)).toBe(false);
  });

  it("is empty for two builds of the same records, and all-added against no base", async () => {
    const root = await exampleRoot();
    const model = await modelOf(root);
    expect(isEmptyDiff(diffModels(model, await modelOf(root)))).toBe(true);
    const first = diffModels(null, model);
    expect(first.teams.added).toEqual(model.teams.map((t) => t.slug).sort());
    expect(first.projects.added).toHaveLength(10);
    expect(first.event).toEqual([]);
  });

  it("reports a list of objects index by index, with absent sides left out", () => {
    const entry = { slug: "t", members: [{ name: "A", github: "a" }] } as never;
    const longer = {
      slug: "t",
      members: [
        { name: "A", github: "a" },
        { name: "B", github: null },
      ],
    } as never;
    const diff = diffModels(
      { event: {} as never, teams: [entry], projects: [] },
      { event: {} as never, teams: [longer], projects: [] },
    );
    expect(diff.teams.changed).toEqual([
      { slug: "t", fields: [{ path: "members[1]", after: { name: "B", github: null } }] },
    ]);
  });
});
