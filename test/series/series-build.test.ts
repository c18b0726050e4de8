import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { publishedSchemas } from "../../generator/contract/api-schemas.ts";
import { build, type BuildResult } from "../../generator/pipeline.ts";
import { addFormats } from "../../generator/validate/schemas.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { readTree, treeDigest } from "../helpers/read-tree.ts";
import { ARCHIVED_AT, seriesRoot } from "../helpers/series-root.ts";

/**
 * Issue 57: the sample event archived under editions/2026/ and a next event at the root, built
 * once by the one pipeline. Each edition answers at its own address with the same contract.
 */
const BASE = "https://series.example/";
let root: string;
let out: string;
let result: BuildResult;
const read = (path: string) => readFile(join(out, path), "utf8");
const readJson = async (path: string) => JSON.parse(await read(path)) as Record<string, unknown>;

beforeAll(async () => {
  root = await seriesRoot();
  out = join(await tempDir(), "dist");
  result = await build({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "1800000000" } });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
});

describe("an archived edition under /<id>/", () => {
  it("publishes its API with the same contract at its own address, dated by its manifest", async () => {
    const index = await readJson("2026/api/index.json");
    expect(index.generatedAt).toBe(ARCHIVED_AT);
    expect((index.endpoints as Array<{ url: string }>).map((e) => e.url)).toContain(
      `${BASE}2026/api/projects.json`,
    );
    const projects = await readJson("2026/api/projects.json");
    expect(projects.count).toBe(10);
    const soft = (projects.data as Array<{ slug: string; url: string }>).find(
      (p) => p.slug === "soft-grasp",
    )!;
    expect(soft.url).toBe(`${BASE}2026/projects/soft-grasp.html`);
    expect((await readJson("2026/api/projects/soft-grasp.json")).url).toBe(soft.url);
    // Its feed dates each record as the manifest does, not by the archive's commit.
    expect(await read("2026/feeds/projects.xml")).toContain("2026-12-05T");
  });

  it("publishes its pages, handbook and images, and its winners on its home page", async () => {
    const home = await read("2026/index.html");
    expect(home).toContain("Physical AI Sprint 2026");
    expect(home).toMatch(/Winners[\s\S]*Soft Grasp/);
    expect(home).toContain("An archived edition, kept as it was.");
    expect(home).toContain('href="../editions/"');
    expect(await read("2026/teams/gripper-gang.html")).toContain("Gripper Gang");
    const tree = await readTree(out);
    expect(
      [...tree.keys()].some((p) => p.startsWith("2026/handbook/") && p !== "2026/handbook/index.html"),
    ).toBe(true);
    expect([...tree.keys()].some((p) => p.startsWith("2026/images/"))).toBe(true);
  });

  it("does not repeat what only counts at the site's root", () => {
    for (const path of [
      "robots.txt",
      ".well-known/api-catalog",
      "_redirects",
      "_headers",
      "api/editions.json",
      "editions/index.html",
    ]) {
      expect(existsSync(join(out, path)), path).toBe(true);
      expect(existsSync(join(out, "2026", path)), `2026/${path}`).toBe(false);
    }
  });

  it("counts the archived records in the build's summary", () => {
    if (!result.ok) throw new Error("build failed");
    expect(result.summary.records).toBe(1 + 3 + 2 + 1 + 9 + 10);
  });
});

describe("the series", () => {
  it("lists every edition newest first in /api/editions.json, as its schema says", async () => {
    const editions = await readJson("api/editions.json");
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv, ["date", "date-time", "uri"]);
    expect(ajv.validate(publishedSchemas().EditionList!, editions), ajv.errorsText()).toBe(true);
    const data = editions.data as Array<Record<string, unknown>>;
    expect(data.map((e) => [e.id, e.current, e.name, e.teams, e.projects])).toEqual([
      [null, true, "Fixture Sprint 2027", 3, 2],
      ["2026", false, "Physical AI Sprint 2026", 9, 10],
    ]);
    expect(data[1]!.api).toBe(`${BASE}2026/api/index.json`);
    expect(data[1]!.winners).toEqual([
      {
        award: "Best overall project",
        projects: [{ slug: "soft-grasp", title: "Soft Grasp", url: `${BASE}2026/projects/soft-grasp.html` }],
      },
    ]);
  });

  it("shows every edition on /editions/, linked relatively, and the home page links it", async () => {
    const page = await read("editions/index.html");
    expect(page.indexOf("Fixture Sprint 2027")).toBeLessThan(page.indexOf("Physical AI Sprint 2026"));
    expect(page).toContain('href="../2026/"');
    expect(page).toContain('href="../2026/projects/soft-grasp.html"');
    // The series is not named after this year's edition ("every edition of Fixture Sprint 2027"
    // would count 2026's among it).
    expect(page).toContain("Every edition of this event, newest first.");
    expect(page).not.toContain("Every edition of Fixture Sprint 2027");
    // The current edition's footer says what the link leads to, in plain words.
    expect(await read("index.html")).toContain(
      'Other editions of this event, with their winners: <a href="editions/">every edition</a>.',
    );
    expect(await read("teams/alpha-team.html")).toContain('href="../editions/"');
  });

  it("names the archived edition's API in the discovery documents", async () => {
    expect(await read(".well-known/api-catalog")).toContain(`"anchor": "${BASE}2026/api/index.json"`);
    expect(await read("llms.txt")).toContain(`(${BASE}2026/api/index.json)`);
    expect(await read("sitemap.xml")).toContain(`${BASE}editions/`);
    expect(await read("robots.txt")).toContain(
      `Sitemap: ${BASE}sitemap.xml\nSitemap: ${BASE}2026/sitemap.xml\n`,
    );
    expect(await read("2026/sitemap.xml")).toContain(`${BASE}2026/projects/soft-grasp.html`);
    const paths = (await readJson("openapi.json")).paths as Record<string, unknown>;
    expect(paths["/api/editions.json"]).toBeDefined();
  });
});

describe("the archived edition's old root URLs", () => {
  it("lead under /2026/ when the new edition does not take them: a page that refreshes, and a 301", async () => {
    const old = await read("teams/gripper-gang.html");
    expect(old).toContain(`<meta http-equiv="refresh" content="0; url=${BASE}2026/teams/gripper-gang.html">`);
    // Titled with the edition the page belonged to, not the new event.
    expect(old).toContain("<title>Gripper Gang has moved · Physical AI Sprint 2026</title>");
    expect(await read("handbook/index.html")).not.toContain("refresh");
    const redirects = await read("_redirects");
    expect(redirects).toContain("/teams/gripper-gang.html  /2026/teams/gripper-gang.html  301!\n");
    expect(redirects).toContain("/api/projects/soft-grasp.json  /2026/api/projects/soft-grasp.json  301!\n");
    // The JSON 404 under /api/ still comes last: the first matching line wins.
    expect(redirects.trimEnd().split("\n").at(-1)).toMatch(/^\/api\/\*/);
  });

  it("that are API documents get a 404 naming api/editions.json, where the old edition's API is listed", async () => {
    // GitHub Pages reads no `_redirects`: an old document's address gets the root 404.html.
    for (const file of ["404.html", "404.json"]) {
      const { resolution } = (await readJson(file)) as { resolution: string };
      expect(resolution).toMatch(/api\/index\.json.* api\/editions\.json lists each edition's API\.$/);
    }
    const { html } = (await readJson("404.html")) as { html: string };
    expect(html).toContain(`<a href='${BASE}api/editions.json'>api/editions.json</a>`);
    expect(html).toContain(`<a href='${BASE}api/index.json'>api/index.json</a>`);
  });

  it("stay the new edition's when it takes the slug", async () => {
    expect(await read("teams/drone-dojo.html")).toMatch(/<h1[^>]*>Dojo Reborn<\/h1>/);
    expect(await read("2026/teams/drone-dojo.html")).toContain("Drone Dojo");
    const redirects = await read("_redirects");
    expect(redirects).not.toContain("/teams/drone-dojo.html ");
    expect(redirects).not.toContain("/api/teams/drone-dojo.json ");
  });
});

it("gives the same bytes when built again", async () => {
  const again = join(await tempDir(), "dist");
  const second = await build({
    root,
    outDir: again,
    baseUrl: BASE,
    env: { SOURCE_DATE_EPOCH: "1800000000" },
  });
  expect(second.ok).toBe(true);
  expect(await treeDigest(again)).toEqual(await treeDigest(out));
});
