import { appendFile, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../generator/pipeline.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";

const BASE = "https://org.github.io/sprint/";

let out: string;
const read = (path: string) => readFile(join(out, path), "utf8");

beforeAll(async () => {
  const root = await exampleRoot();
  await appendFile(join(root, "records/teams/gripper-gang.yaml"), "formerSlugs: [grip-crew, claw-club]\n");
  await appendFile(join(root, "records/projects/soft-grasp.yaml"), "formerSlugs: [soft-grip]\n");
  out = join(await tempDir(), "dist");
  const result = await build({ root, outDir: out, baseUrl: BASE, env: { SOURCE_DATE_EPOCH: "1764928800" } });
  // The example names no repository: that warning is test/derive/repository-warning.test.ts's.
  expect(result.diagnostics.filter((d) => d.rule !== "event-repository-unknown")).toEqual([]);
});

describe("former slugs", () => {
  it("leave a page at each old address that refreshes to the current page and names it canonical", async () => {
    const page = await read("teams/grip-crew.html");
    expect(page).toContain(`<link rel="canonical" href="${BASE}teams/gripper-gang.html">`);
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${BASE}teams/gripper-gang.html">`);
    expect(page).toContain(`<a href="${BASE}teams/gripper-gang.html">Gripper Gang</a> has a new address.`);
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(await read("projects/soft-grip.html")).toContain(
      `<link rel="canonical" href="${BASE}projects/soft-grasp.html">`,
    );
    expect(existsSync(join(out, "teams/claw-club.html"))).toBe(true);
  });

  it("give hosts that read _redirects a forced 301 (the old page exists) before the API's 404 rule", async () => {
    expect((await read("_redirects")).split("\n")).toEqual([
      "/teams/grip-crew.html  /teams/gripper-gang.html  301!",
      "/teams/claw-club.html  /teams/gripper-gang.html  301!",
      "/projects/soft-grip.html  /projects/soft-grasp.html  301!",
      "/api/*  /404.json  404",
      "",
    ]);
  });

  it("are mapped to the current slug in api/index.json and listed on their entries", async () => {
    const index = JSON.parse(await read("api/index.json"));
    expect(index.redirects).toEqual({
      teams: { "grip-crew": "gripper-gang", "claw-club": "gripper-gang" },
      projects: { "soft-grip": "soft-grasp" },
    });
    const teams = JSON.parse(await read("api/teams.json")).data;
    expect(teams.find((t: { slug: string }) => t.slug === "gripper-gang").formerSlugs).toEqual([
      "grip-crew",
      "claw-club",
    ]);
  });

  it("stay out of the sitemap, which lists only current pages", async () => {
    const sitemap = await read("sitemap.xml");
    expect(sitemap).toContain(`${BASE}teams/gripper-gang.html`);
    expect(sitemap).not.toContain("grip-crew");
    expect(sitemap).not.toContain("soft-grip");
  });
});
