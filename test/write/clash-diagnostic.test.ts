import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { build, checkBuild } from "../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";

const env = { SOURCE_DATE_EPOCH: "1764928800" };

/** The valid fixture with public files at `paths` (under site/public/). */
async function withPublic(...paths: string[]): Promise<string> {
  const root = await fixtureRoot();
  for (const path of paths) {
    await mkdir(dirname(join(root, "site/public", path)), { recursive: true });
    await writeFile(join(root, "site/public", path), "{}");
  }
  return root;
}

/** Validate's answer (checkBuild), held to the build's, as [file, line, found] of each clash. */
async function clashes(root: string): Promise<Array<[string, number, string]>> {
  const options = { root, baseUrl: "https://example.org/", env };
  const checked = await checkBuild(options);
  expect(checked).toEqual(await build({ ...options, outDir: join(await tempDir(), "dist") }));
  expect(checked.ok).toBe(false);
  return checked.diagnostics
    .filter((d) => d.rule === "site-path-clash")
    .map((d) => {
      expect([d.severity, d.expected, d.fix?.length]).toEqual([
        "error",
        expect.any(String),
        expect.any(Number),
      ]);
      return [d.file, d.line, d.found!];
    });
}

describe("Validate names the records and files whose site paths clash", () => {
  it("a public file on a team's JSON document: the file and the team's record", async () => {
    const found = await clashes(await withPublic("api/teams/alpha-team.json"));
    const both =
      "the team alpha-team (records/teams/alpha-team.yaml, whose name is its slug) and the public file site/public/api/teams/alpha-team.json, both at api/teams/alpha-team.json";
    expect(found).toEqual([
      ["records/teams/alpha-team.yaml", 1, both],
      ["site/public/api/teams/alpha-team.json", 1, both],
    ]);
  });

  it("a public file under a former slug's page: the formerSlugs line and the file", async () => {
    const root = await withPublic("teams/old-alpha.html/x.png");
    const record = join(root, "records/teams/alpha-team.yaml");
    await appendFile(record, "formerSlugs:\n  - old-alpha\n");
    const line = (await readFile(record, "utf8")).split("\n").indexOf("  - old-alpha") + 1;
    const found = await clashes(root);
    expect(found.map(([file, line]) => [file, line])).toEqual([
      ["records/teams/alpha-team.yaml", line],
      ["site/public/teams/old-alpha.html/x.png", 1],
    ]);
    expect(found[0]![2]).toBe(
      "the team alpha-team's former slug old-alpha (records/teams/alpha-team.yaml) at teams/old-alpha.html, and the public file site/public/teams/old-alpha.html/x.png at teams/old-alpha.html/x.png, which needs teams/old-alpha.html to be a folder",
    );
  });

  it("a public file on the build's marker: the file alone", async () => {
    const found = await clashes(await withPublic(".hackathon-registry-build"));
    expect(found).toEqual([
      [
        "site/public/.hackathon-registry-build",
        1,
        "the build's own marker file and the public file site/public/.hackathon-registry-build, both at .hackathon-registry-build",
      ],
    ]);
  });
});
