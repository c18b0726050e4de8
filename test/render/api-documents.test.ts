import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { publishedSchemas } from "../../generator/contract/api-schemas.ts";
import { build } from "../../generator/pipeline.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const BASE = "https://org.github.io/sprint/";
const EPOCH = "1764928800"; // 2025-12-05T10:00:00Z

let out: string;
const read = async (path: string) =>
  JSON.parse(await readFile(join(out, path), "utf8")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON, checked by schema below

beforeAll(async () => {
  out = join(await tempDir(), "dist");
  const result = await build({
    root: await exampleRoot(),
    outDir: out,
    baseUrl: BASE,
    env: { SOURCE_DATE_EPOCH: EPOCH },
  });
  expect(result.ok).toBe(true);
});

describe("the four API documents and the error document", () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schemas = publishedSchemas();

  it.each([
    ["api/projects.json", "ProjectList"],
    ["api/teams.json", "TeamList"],
    ["api/event.json", "Event"],
    ["api/index.json", "Index"],
    ["404.html", "Error"],
  ])("%s validates against the published %s schema", async (path, name) => {
    const validate = ajv.compile(schemas[name]!);
    const body = await read(path);
    const valid = validate(body);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it("lists carry the contract's envelope with generatedAt from SOURCE_DATE_EPOCH and docs", async () => {
    for (const path of ["api/projects.json", "api/teams.json"]) {
      const body = await read(path);
      expect(Object.keys(body)).toEqual(["object", "count", "generatedAt", "docs", "data"]);
      expect(body.object).toBe("list");
      expect(body.count).toBe(body.data.length);
      expect(body.generatedAt).toBe("2025-12-05T10:00:00+00:00");
      expect(body.docs).toBe(`${BASE}developers.html`);
      expect(existsSync(join(out, "developers.html"))).toBe(true);
    }
    expect((await read("api/projects.json")).count).toBe(10);
    expect((await read("api/teams.json")).count).toBe(9);
  });

  it("project entries have exactly the contract's fields, url absolute and slug matching the page", async () => {
    const { data } = await read("api/projects.json");
    for (const entry of data) {
      expect(Object.keys(entry)).toEqual([
        "slug",
        "title",
        "tagline",
        "track",
        "robots",
        "builtWith",
        "description",
        "video",
        "demo",
        "needs",
        "images",
        "imageUrls",
        "repo",
        "license",
        "team",
        "teamSlug",
        "formerSlugs",
        "awards",
        "url",
        "table",
      ]);
      expect(entry.url).toBe(`${BASE}projects/${entry.slug}.html`);
      expect(entry.imageUrls).toHaveLength(entry.images.length);
      expect(existsSync(join(out, `projects/${entry.slug}.html`))).toBe(true);
      for (const person of entry.team) expect(Object.keys(person)).toEqual(["name", "github"]);
    }
    const cable = data.find((p: { slug: string }) => p.slug === "cable-tidy");
    const grasp = data.find((p: { slug: string }) => p.slug === "soft-grasp");
    expect(grasp.imageUrls).toEqual([`${BASE}images/soft-grasp.svg`, `${BASE}images/soft-grasp-peach.svg`]);
    expect(cable).toMatchObject({ teamSlug: null, video: null, images: [], robots: [], track: "sim" });
    expect(data.find((p: { slug: string }) => p.slug === "teleop-dataset").track).toBeNull();
  });

  it("team entries carry the contract's fields, the roster, skills present and linked projects", async () => {
    const { data } = await read("api/teams.json");
    const gang = data.find((t: { slug: string }) => t.slug === "gripper-gang");
    expect(gang).toEqual({
      slug: "gripper-gang",
      name: "Gripper Gang",
      lookingForMembers: false,
      skillsWanted: [],
      about: null,
      contact: null,
      members: [
        { name: "Lena Fischer", github: "lenafischer", skills: ["Mechanical design", "CAD"] },
        { name: "Tomás Ortega", github: "tortega", skills: ["Python", "Reinforcement learning"] },
        { name: "Yuki Tanaka", github: "yukit", skills: ["PyTorch", "Computer vision"] },
        { name: "Sam Okafor", github: null, skills: ["3D printing"] },
      ],
      skillsPresent: [
        "3D printing",
        "CAD",
        "Computer vision",
        "Mechanical design",
        "PyTorch",
        "Python",
        "Reinforcement learning",
      ],
      projects: [{ slug: "soft-grasp", title: "Soft Grasp", url: `${BASE}projects/soft-grasp.html` }],
      formerSlugs: [],
      url: `${BASE}teams/gripper-gang.html`,
    });
    expect(data.map((t: { slug: string }) => t.slug)).toEqual(
      [...data.map((t: { slug: string }) => t.slug)].sort(),
    );
  });

  it("the index lists the four endpoints under the base URL", async () => {
    const index = await read("api/index.json");
    expect(index.endpoints.map((e: { path: string; url: string }) => [e.path, e.url])).toEqual([
      ["/api/index.json", `${BASE}api/index.json`],
      ["/api/event.json", `${BASE}api/event.json`],
      ["/api/teams.json", `${BASE}api/teams.json`],
      ["/api/projects.json", `${BASE}api/projects.json`],
      ["/api/editions.json", `${BASE}api/editions.json`],
    ]);
  });

  it("the event document carries dates, schedule, hosts, tracks, robots, criteria, registration and organisers", async () => {
    const event = await read("api/event.json");
    expect(event.object).toBe("event");
    expect(event.tracks.map((t: { id: string }) => t.id)).toEqual(["sim", "hardware", "both"]);
    expect(event.registrationUrl).toBe("https://example.org/physical-ai-sprint-2026/register");
    expect(event.hosts[1]).toEqual({
      name: "Werkhalle 7 Makerspace",
      url: null,
      tier: "host",
      logo: "images/host-werkhalle-7.svg",
      logoUrl: `${BASE}images/host-werkhalle-7.svg`,
    });
    expect(event.organisers).toEqual(["ada-organiser", "grace-hopper-bot"]);
  });

  it("the event document carries the prizes and the judges, each photo also as an absolute URL", async () => {
    const event = await read("api/event.json");
    expect(event.prizes.map((p: { id: string; track: string | null }) => [p.id, p.track])).toEqual([
      ["best-overall", null],
      ["best-in-simulation", "sim"],
      ["best-on-hardware", "hardware"],
      ["sim-to-real", "both"],
    ]);
    expect(event.judges[0]).toEqual({
      name: "Dr Lena Hartmann",
      affiliation: "Robotics and Biology Lab, TU Berlin",
      url: "https://example.org/lena-hartmann",
      photo: "images/judge-lena-hartmann.svg",
      github: null,
      conflicts: [],
      prizes: [],
      photoUrl: `${BASE}images/judge-lena-hartmann.svg`,
    });
    expect(existsSync(join(out, "images/judge-lena-hartmann.svg"))).toBe(true);
  });

  it("the event document carries the deadlines, each key present, extensions with their reason", async () => {
    expect((await read("api/event.json")).deadlines).toEqual({
      registration: "2026-12-05T12:00:00+01:00",
      submission: "2026-12-06T14:00:00+01:00",
      extensions: [
        { team: "gripper-gang", submission: "2026-12-06T15:00:00+01:00", reason: "Power cut at their bench" },
      ],
    });
  });

  it("404.html is the JSON error body: code, message, resolution", async () => {
    const error = await read("404.html");
    expect(error).toMatchObject({
      object: "error",
      status: 404,
      code: "not_found",
      message: "No document exists at this address.",
      docs: `${BASE}developers.html`,
    });
    expect(error.resolution).toContain("api/index.json");
  });

  it("copies site/public files and keeps .nojekyll", async () => {
    expect(existsSync(join(out, "images/soft-grasp.svg"))).toBe(true);
    expect(existsSync(join(out, ".nojekyll"))).toBe(true);
  });
});

describe("one document per team and per project", () => {
  it("holds the entry exactly as its list does, small enough for one record, and is listed as a template", async () => {
    for (const kind of ["teams", "projects"] as const) {
      const { data } = await read(`api/${kind}.json`);
      for (const entry of data) expect(await read(`api/${kind}/${entry.slug}.json`)).toEqual(entry);
    }
    const soft = await readFile(join(out, "api/projects/soft-grasp.json"));
    expect(soft.length).toBeLessThanOrEqual(10_000);
    const index = await read("api/index.json");
    expect(index.templates).toEqual([
      {
        path: "/api/teams/{slug}.json",
        urlTemplate: `${BASE}api/teams/{slug}.json`,
        mediaType: "application/json; charset=utf-8",
        description: "One team by its slug: the entry as in /api/teams.json.",
      },
      {
        path: "/api/projects/{slug}.json",
        urlTemplate: `${BASE}api/projects/{slug}.json`,
        mediaType: "application/json; charset=utf-8",
        description: "One project by its slug: the entry as in /api/projects.json.",
      },
    ]);
    const openapi = await read("openapi.json");
    expect(openapi.paths["/api/projects/{slug}.json"].get).toMatchObject({
      operationId: "getProject",
      parameters: [{ name: "slug", in: "path", required: true }],
      responses: { "200": {}, "404": {} },
    });
    const page = await readFile(join(out, "projects/soft-grasp.html"), "utf8");
    expect(page).toContain(
      '<link rel="alternate" type="application/json" href="../api/projects/soft-grasp.json">',
    );
  });
});
