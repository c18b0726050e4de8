import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { check } from "../../generator/pipeline.ts";
import { REPO } from "../helpers/fixture-root.ts";

/** The shipped example event must be valid and exercise every case the contract names. */
describe("the example event in records/", async () => {
  const result = await check({ root: REPO });
  const projects = result.loaded.projects.map((p) => p.data as Record<string, unknown>);
  const teams = result.loaded.teams.map((t) => t.data as Record<string, unknown>);

  it("is valid, with no warnings either", () => {
    expect(result.diagnostics).toEqual([]);
  });

  it("has at least 8 teams and 8 projects", () => {
    expect(teams.length).toBeGreaterThanOrEqual(8);
    expect(projects.length).toBeGreaterThanOrEqual(8);
  });

  it("covers every track value and null, empty robots and a null teamSlug", () => {
    expect(new Set(projects.map((p) => p.track))).toEqual(new Set(["sim", "hardware", "both", null]));
    expect(projects.some((p) => (p.robots as unknown[]).length === 0)).toBe(true);
    expect(projects.some((p) => p.teamSlug === null)).toBe(true);
  });

  it("has a description with line breaks, emphasis and a fenced code block", () => {
    const d = projects.map((p) => p.description as string);
    expect(d.some((text) => text.includes("\n") && /\*[^*]+\*|_[^_]+_/.test(text) && /```/.test(text))).toBe(
      true,
    );
  });

  it("has site-relative and absolute images, null video and repo, and a null github", () => {
    const images = projects.flatMap((p) => p.images as string[]);
    expect(images.some((i) => i.startsWith("https://"))).toBe(true);
    expect(images.some((i) => !i.includes("://"))).toBe(true);
    expect(projects.some((p) => p.video === null)).toBe(true);
    expect(projects.some((p) => p.repo === null)).toBe(true);
    expect(projects.some((p) => (p.team as Array<{ github: unknown }>).some((m) => m.github === null))).toBe(
      true,
    );
  });

  it("has a team still recruiting and a full one", () => {
    expect(teams.some((t) => t.lookingForMembers === true && (t.skillsWanted as unknown[]).length > 0)).toBe(
      true,
    );
    expect(teams.some((t) => t.lookingForMembers === false)).toBe(true);
  });

  it("every record starts with a yaml-language-server schema line", async () => {
    for (const record of [result.loaded.event!, ...result.loaded.teams, ...result.loaded.projects]) {
      const first = (await readFile(join(REPO, record.file), "utf8")).split("\n")[0];
      expect(first, record.file).toMatch(
        /^# yaml-language-server: \$schema=(\.\.\/)?schemas\/(event|team|project)\.schema\.json$/,
      );
      expect(first).toContain(`${record.kind}.schema.json`);
    }
  });
});
