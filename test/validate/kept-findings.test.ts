import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BuildMemory } from "../../generator/build-memory.ts";
import type { RecordFile } from "../../generator/load/record-file.ts";
import { check } from "../../generator/pipeline.ts";
import { imageExists } from "../../generator/validate/rules/image-exists.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";

/** `rule`'s findings, as file:line. */
const told = (checked: Awaited<ReturnType<typeof check>>, rule: string) =>
  checked.diagnostics.filter((d) => d.rule === rule).map((d) => `${d.file}:${d.line}`);

describe("cross-record rules under npm run dev: findings kept with records handed on unchanged", () => {
  it("are found again when what else the rule reads changed (the event's robots and tracks, the site's files, the handbook)", async () => {
    const root = await exampleRoot();
    const memory = new BuildMemory();
    const first = await check({ root, memory });
    expect(told(first, "project-robot-known")).toEqual([]);
    expect(told(first, "image-exists")).toEqual([]);
    expect(told(first, "project-track")).toEqual([]);
    const shelf = "records/projects/shelf-scout.yaml";
    const lane = (await readFile(join(root, "records/projects/lane-keeper.yaml"), "utf8")).match(
      /^track: (.*)$/m,
    )![1]!;

    // The event renames a robot and a track, and an image goes: no project record was saved.
    const event = join(root, "records/event.yaml");
    await writeFile(
      event,
      (await readFile(event, "utf8"))
        .replace("- name: TurtleBot 4", "- name: TurtleBot 5")
        .replace(`id: ${lane}`, "id: renamed-track"),
    );
    await rm(join(root, "site/public/images/shelf-scout.svg"));
    memory.saw(["records/event.yaml", "site/public/images/shelf-scout.svg"]);
    const second = await check({ root, memory });
    expect(memory.recalled).toBeGreaterThan(0);
    const clean = await check({ root });
    for (const rule of ["project-robot-known", "image-exists", "project-track", "handbook-examples"])
      expect(told(second, rule)).toEqual(told(clean, rule));
    expect(told(second, "project-robot-known").length).toBeGreaterThan(0);
    expect(told(second, "image-exists")).toContain(`${shelf}:18`);
    expect(told(second, "project-track").length).toBeGreaterThan(0);

    // A chapter's template now shows a record's value: the record is warned without being saved.
    const chapter = join(root, "site/handbook/30-submit-a-project.md");
    const name = (await readFile(join(root, shelf), "utf8")).match(/^ {4}name: (.*)$/m)?.[1] ?? "Ada Example";
    await writeFile(chapter, (await readFile(chapter, "utf8")).replace("Ada Example", name));
    memory.saw(["site/handbook/30-submit-a-project.md"]);
    const third = await check({ root, memory });
    expect(told(third, "handbook-examples")).toEqual(told(await check({ root }), "handbook-examples"));
  });
});

describe("image-exists' kept findings: keyed by the site's files, without ambiguity", () => {
  // File names may hold a line break: joined by "\n", ["x.png\ny.png"] and ["x.png", "y.png"] were
  // one key, and a project's finding from one list was handed on under the other.
  it("finds again when two lists of names joined to one text", () => {
    const project: RecordFile = {
      kind: "project",
      file: "records/projects/p.yaml",
      slug: "p",
      data: { images: ["x.png"] },
      text: "images:\n  - x.png\n",
    };
    const context = (assets: string[]) => ({
      teams: [],
      projects: [project],
      assets: new Set(assets),
      handbook: [],
      strays: [],
      reserved: { teams: new Set<string>(), projects: new Set<string>() },
    });
    expect(imageExists.check(context(["x.png\ny.png"])).map((d) => d.rule)).toEqual(["image-exists"]);
    expect(imageExists.check(context(["x.png", "y.png"]))).toEqual([]);
    expect(imageExists.check(context(["x.png\ny.png"])).map((d) => d.rule)).toEqual(["image-exists"]);
  });
});
