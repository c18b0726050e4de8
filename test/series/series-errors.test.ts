import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../generator/pipeline.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { seriesRoot, writeManifest } from "../helpers/series-root.ts";

/** A broken archived edition fails the build with its own file and line, and nothing is written. */
const BASE = "https://series.example/";
const env = { SOURCE_DATE_EPOCH: "1800000000" };

async function buildIt(root: string) {
  const out = join(await tempDir(), "dist");
  return { out, result: await build({ root, outDir: out, baseUrl: BASE, env }) };
}

const errors = (result: Awaited<ReturnType<typeof build>>) =>
  result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.rule}`);

describe("a broken archived edition", () => {
  it("names the archived record's file under editions/<id>/ and its line, and writes nothing", async () => {
    const root = await seriesRoot();
    const file = "editions/2026/records/projects/soft-grasp.yaml";
    const text = await readFile(join(root, file), "utf8");
    await writeFile(join(root, file), text.replace(/^track: .*$/m, "track: underwater"));
    const line = text.split("\n").findIndex((l) => l.startsWith("track:")) + 1;
    const { out, result } = await buildIt(root);
    expect(result.ok).toBe(false);
    expect(errors(result)).toEqual([`${file}:${line} project-track`]);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a manifest whose id is not its folder's name, pointing at the id", async () => {
    const root = await seriesRoot();
    const manifest = join(root, "editions/2026/edition.json");
    const value = JSON.parse(await readFile(manifest, "utf8"));
    await writeManifest(root, "2026", { ...value, id: "2025" });
    const { result } = await buildIt(root);
    expect(errors(result)).toEqual(["editions/2026/edition.json:2 edition-manifest"]);
    expect(result.diagnostics[0]!.fix).toContain('set id to "2026"');
  });

  it("refuses an id the site takes at its root", async () => {
    const root = await seriesRoot();
    await rename(join(root, "editions/2026"), join(root, "editions/teams"));
    const value = JSON.parse(await readFile(join(root, "editions/teams/edition.json"), "utf8"));
    await writeManifest(root, "teams", { ...value, id: "teams" });
    const { result } = await buildIt(root);
    expect(errors(result)).toEqual(["editions/teams/edition.json:2 edition-manifest"]);
    expect(result.diagnostics[0]!.message).toContain("a name the site uses at its root");
  });

  it("says where JSON stops being JSON, and what the schema expects", async () => {
    const root = await seriesRoot();
    await writeFile(join(root, "editions/2026/edition.json"), '{\n  "id": "2026",\n  "generatedAt": \n}\n');
    expect(errors((await buildIt(root)).result)).toEqual(["editions/2026/edition.json:4 edition-manifest"]);
    await writeManifest(root, "2026", { id: "2026", generatedAt: "yesterday", recordDates: {} });
    const { result } = await buildIt(root);
    expect(errors(result)).toEqual(["editions/2026/edition.json:3 edition-manifest"]);
    expect(result.diagnostics[0]!.message).toContain("generatedAt must be when the edition's last build");
  });

  it("refuses a folder without a manifest, and a file beside the editions", async () => {
    const root = await seriesRoot();
    await mkdir(join(root, "editions/2019"));
    await writeFile(join(root, "editions/notes.txt"), "old\n");
    expect(errors((await buildIt(root)).result)).toEqual([
      "editions/2019/edition.json:1 edition-manifest",
      "editions/notes.txt:1 edition-folder",
    ]);
  });

  it("is not a record of the current edition: records/ checks leave editions/ alone", async () => {
    const { result } = await buildIt(await seriesRoot());
    expect(result.ok).toBe(true);
    expect(result.diagnostics.filter((d) => d.rule === "record-folder" || d.rule === "not-a-record")).toEqual(
      [],
    );
  });
});

describe("GitHub Pages' published-site limit", () => {
  it("warns at 80 % of it, counting the documents and the public files", async () => {
    const root = await seriesRoot();
    const quiet = await build({ root, outDir: join(await tempDir(), "dist"), baseUrl: BASE, env });
    if (!quiet.ok) throw new Error("build failed");
    expect(quiet.warnings.filter((w) => w.includes("GitHub Pages"))).toEqual([]);
    // The same site against a limit it fills to about 90 %: a warning with the figures.
    const images = (await readFile(join(root, "editions/2026/site/public/images/logo.svg"))).length;
    const limit = Math.ceil((quiet.summary.bytes + images) / 0.9);
    const near = await build({
      root,
      outDir: join(await tempDir(), "dist"),
      baseUrl: BASE,
      env,
      pagesLimit: limit,
    });
    if (!near.ok) throw new Error("build failed");
    expect(near.warnings.filter((w) => w.includes("GitHub Pages"))).toEqual([
      expect.stringMatching(/^the site is [\d,]+ bytes, 9\d % of GitHub Pages' [\d,]+-byte limit/),
    ]);
  });
});
