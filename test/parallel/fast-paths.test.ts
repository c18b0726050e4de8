import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../../generator/bench/synthetic-event.ts";
import { DevBuild } from "../../generator/incremental/dev-build.ts";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

const BASE_URL = "https://registry.example/sprint/";
const env = { SOURCE_DATE_EPOCH: "1764000000" };

async function syntheticRoot(): Promise<string> {
  const root = await tempDir();
  await writeSyntheticEvent(root, { teams: 100, projects: 100 });
  return root;
}

/** The reference: a plain single-threaded clean build into a fresh folder. */
async function cleanBuild(root: string): Promise<Map<string, Buffer>> {
  const outDir = join(await tempDir(), "dist");
  const result = await build({ root, outDir, baseUrl: BASE_URL, env, threads: 1 });
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  return readTree(outDir);
}

/** Compares two trees by path and bytes, reporting paths rather than megabytes on failure. */
function expectSameTree(actual: Map<string, Buffer>, expected: Map<string, Buffer>) {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  const differing = [...expected]
    .filter(([path, bytes]) => !actual.get(path)!.equals(bytes))
    .map(([path]) => path);
  expect(differing).toEqual([]);
}

describe("the fast paths give the bytes of a single-threaded clean build (200 records)", () => {
  // One worker checks records and renders Markdown ahead; two or more also share the pages.
  it.each([2, 3])("with %i threads", async (threads) => {
    const root = await syntheticRoot();
    const outDir = join(await tempDir(), "dist");
    const result = await build({ root, outDir, baseUrl: BASE_URL, env, threads });
    expect(result.ok).toBe(true);
    const expected = await cleanBuild(root);
    expect(expected.size).toBeGreaterThan(200);
    expectSameTree(await readTree(outDir), expected);
  });

  it("with npm run dev's incremental rebuilds, after every kind of change", async () => {
    const root = await syntheticRoot();
    const outDir = join(await tempDir(), "dist");
    const dev = new DevBuild({ root, outDir, baseUrl: BASE_URL, env, threads: 2 });
    expect(await dev.rebuild()).toMatchObject({ ok: true, full: true });

    const edit = async (file: string, from: RegExp, to: string) => {
      const path = join(root, file);
      const text = await readFile(path, "utf8");
      expect(text).toMatch(from);
      await writeFile(path, text.replace(from, to));
    };
    const steps: Array<[string, string, () => Promise<void>]> = [
      [
        "a project's tagline",
        "records/projects/project-5.yaml",
        () => edit("records/projects/project-5.yaml", /tagline: .*/, "tagline: A new tagline."),
      ],
      [
        "a project's title, shown on its team's page",
        "records/projects/project-6.yaml",
        () => edit("records/projects/project-6.yaml", /title: .*/, "title: Renamed project"),
      ],
      [
        "a project moving to another team",
        "records/projects/project-7.yaml",
        () => edit("records/projects/project-7.yaml", /teamSlug: .*/, "teamSlug: team-50"),
      ],
      [
        "a team's name, shown on its projects' pages",
        "records/teams/team-8.yaml",
        () => edit("records/teams/team-8.yaml", /name: Team 8 .*/, "name: The Eights"),
      ],
      [
        "a new project",
        "records/projects/zz-new.yaml",
        () =>
          writeFile(
            join(root, "records/projects/zz-new.yaml"),
            "title: New\ntagline: New.\ndescription: New.\nteam:\n  - name: N\n    github: n\nteamSlug: team-9\n",
          ),
      ],
      [
        "a deleted project",
        "records/projects/project-10.yaml",
        () => rm(join(root, "records/projects/project-10.yaml")),
      ],
    ];
    for (const [, file, change] of steps) {
      await change();
      const result = await dev.rebuild(new Set([file]));
      expect(result).toMatchObject({ ok: true, full: false });
      expectSameTree(await readTree(outDir), await cleanBuild(root));
    }
  });

  it("rewrites only the files whose bytes changed, the JSON lists included", async () => {
    const root = await syntheticRoot();
    const outDir = join(await tempDir(), "dist");
    const dev = new DevBuild({ root, outDir, baseUrl: BASE_URL, env });
    await dev.rebuild();
    const file = "records/projects/project-4.yaml";
    const text = await readFile(join(root, file), "utf8");

    // Saved again unchanged: every document is rendered, none differs, nothing is written (after
    // the first rebuild, which writes the documents about the whole site once more).
    await writeFile(join(root, file), text);
    await dev.rebuild(new Set([file]));
    await writeFile(join(root, file), text);
    expect(await dev.rebuild(new Set([file]))).toMatchObject({ ok: true, rendered: 36, written: 0 });

    const before = await readTree(outDir);
    await writeFile(join(root, file), text.replace(/^tagline: (.*)$/m, "tagline: $1 Edited."));
    const edited = await dev.rebuild(new Set([file]));
    const after = await readTree(outDir);
    const changed = [...after.keys()].filter((path) => !before.get(path)?.equals(after.get(path)!));
    expect(changed).toContain("api/projects.json");
    expect(changed).toContain("projects/project-4.html");
    expect(edited).toMatchObject({ ok: true, written: changed.length });
  });

  it("leaves the last good site alone while a record is broken, then catches up", async () => {
    const root = await syntheticRoot();
    const outDir = join(await tempDir(), "dist");
    const dev = new DevBuild({ root, outDir, baseUrl: BASE_URL, env });
    await dev.rebuild();
    const before = await readTree(outDir);
    const file = "records/teams/team-3.yaml";
    const good = await readFile(join(root, file), "utf8");
    await writeFile(join(root, file), `${good}colour: red\n`);
    const broken = await dev.rebuild(new Set([file]));
    expect(broken.ok).toBe(false);
    expect(broken.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toContain(
      `${file}:${good.split("\n").length} unknown-field`,
    );
    expectSameTree(await readTree(outDir), before);

    await writeFile(join(root, file), good.replace(/name: .*/, "name: Fixed"));
    expect(await dev.rebuild(new Set([file]))).toMatchObject({ ok: true, full: false });
    expectSameTree(await readTree(outDir), await cleanBuild(root));
  });
});
