import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { check } from "../../generator/pipeline.ts";
import { videoEmbed } from "../../generator/render/shared/video-embed.ts";
import { EXAMPLE } from "../helpers/fixture-root.ts";

/** The shipped example event must be valid and exercise every case the contract names. */
describe("the example event in records/", async () => {
  const result = await check({ root: EXAMPLE });
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

  it("shows only images it ships (a sample page never has a broken image), and has null video, repo and github", async () => {
    const images = projects.flatMap((p) => p.images as string[]);
    expect(images.length).toBeGreaterThan(5);
    for (const image of images) {
      expect(image, "an image of the site, not one on a host that may not answer").not.toMatch(/^https?:/);
      await expect(readFile(join(EXAMPLE, "site/public", image))).resolves.toBeTruthy();
    }
    expect(projects.some((p) => p.video === null)).toBe(true);
    expect(projects.some((p) => p.repo === null)).toBe(true);
    expect(projects.some((p) => (p.team as Array<{ github: unknown }>).some((m) => m.github === null))).toBe(
      true,
    );
  });

  it("has built-with tags, demo links, a YouTube and a Vimeo video, and a video link that stays a link", () => {
    expect(projects.filter((p) => (p.builtWith as unknown[] | undefined)?.length).length).toBeGreaterThan(2);
    expect(projects.some((p) => (p.builtWith as unknown[]).length === 0)).toBe(true);
    expect(projects.some((p) => typeof p.demo === "string")).toBe(true);
    const videos = projects.map((p) => videoEmbed(p.video as string | null)?.host);
    expect(videos).toContain("YouTube");
    expect(videos).toContain("Vimeo");
    expect(projects.some((p) => typeof p.video === "string" && !videoEmbed(p.video))).toBe(true);
  });

  it("has a logo, an accent colour, and recruiting teams with and without about and contact", () => {
    const event = result.loaded.event!.data as Record<string, unknown>;
    expect(event.logo).toBe("images/logo.svg");
    expect(event.accentColor).toMatch(/^#[0-9a-f]{6}$/);
    const recruiting = teams.filter((t) => t.lookingForMembers);
    expect(recruiting.some((t) => typeof t.about === "string" && /^mailto:/.test(String(t.contact)))).toBe(
      true,
    );
    expect(recruiting.some((t) => /^https:/.test(String(t.contact)))).toBe(true);
    expect(recruiting.some((t) => t.about === null && t.contact === null)).toBe(true);
  });

  it("has deadlines its schedule agrees with, and an extension for one of its teams", () => {
    const event = result.loaded.event!.data as {
      schedule: Array<{ end: string; title: string }>;
      deadlines: { registration: string; submission: string; extensions: Array<{ team: string }> };
    };
    const closing = event.schedule.find((s) => /submission closes/.test(s.title))!;
    expect(Date.parse(event.deadlines.submission)).toBe(Date.parse(closing.end));
    expect(Date.parse(event.deadlines.registration)).toBeLessThan(Date.parse(event.deadlines.submission));
    expect(event.deadlines.extensions.map((x) => x.team)).toEqual(["gripper-gang"]);
  });

  it("has a prize for each track and an overall one, judges and tiered hosts, each image one it ships", async () => {
    const event = result.loaded.event!.data as {
      tracks: Array<{ id: string }>;
      prizes: Array<{ track: string | null; value: string | null; count: number }>;
      judges: Array<{ photo: string | null; url: string | null }>;
      hosts: Array<{ tier: string | null; logo: string | null }>;
    };
    expect(event.prizes.map((p) => p.track).sort()).toEqual([...event.tracks.map((t) => t.id), null].sort());
    expect(event.prizes.every((p) => p.value)).toBe(true);
    expect(event.prizes.some((p) => p.count > 1)).toBe(true);
    expect(event.judges.length).toBe(3);
    expect(event.judges.some((j) => j.url === null)).toBe(true);
    expect(new Set(event.hosts.map((h) => h.tier)).size).toBeGreaterThanOrEqual(3);
    // One host shows its name without a logo.
    expect(event.hosts.some((h) => h.tier && h.logo === null)).toBe(true);
    const images = [...event.judges.map((j) => j.photo), ...event.hosts.map((h) => h.logo)];
    for (const image of images.filter((i) => i !== null)) {
      expect(image, "an image of the site, not one on a host that may not answer").not.toMatch(/^https?:/);
      await expect(readFile(join(EXAMPLE, "site/public", image))).resolves.toBeTruthy();
    }
    expect(images.filter((i) => i !== null).length).toBe(7);
  });

  it("has a team still recruiting and a full one", () => {
    expect(teams.some((t) => t.lookingForMembers === true && (t.skillsWanted as unknown[]).length > 0)).toBe(
      true,
    );
    expect(teams.some((t) => t.lookingForMembers === false)).toBe(true);
  });

  it("every record starts with a yaml-language-server schema line", async () => {
    for (const record of [result.loaded.event!, ...result.loaded.teams, ...result.loaded.projects]) {
      const first = (await readFile(join(EXAMPLE, record.file), "utf8")).split("\n")[0];
      expect(first, record.file).toMatch(
        /^# yaml-language-server: \$schema=(\.\.\/)?schemas\/(event|team|project)\.schema\.json$/,
      );
      expect(first).toContain(`${record.kind}.schema.json`);
    }
  });
});

describe("the handbook's take-part chapter", () => {
  it("leads with the form, then the web editor, then Git, and tells renames one way", async () => {
    const text = await readFile(join(EXAMPLE, "site/handbook/20-register-a-team.md"), "utf8");
    const headings = [...text.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 3)).toEqual([
      "With the form (no Git, no YAML)",
      "In GitHub's web editor",
      "With Git",
    ]);
    expect(text).not.toMatch(/never changes/);
    expect(text).toContain("formerSlugs");
  });
});
