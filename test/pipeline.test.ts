import { execFileSync } from "node:child_process";
import { readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSyntheticEvent } from "../generator/bench/synthetic-event.ts";
import { build, checkBuild } from "../generator/pipeline.ts";
import { renderSite } from "../generator/render/render-site.ts";
import { exampleRoot, fixtureRoot, tempDir } from "./helpers/fixture-root.ts";
import { readTree } from "./helpers/read-tree.ts";
import { BUILD_MARKER } from "../generator/write/output-folder.ts";

const env = { SOURCE_DATE_EPOCH: "1764928800" };

/** The options of a build of `root` into `out` at the time `epoch` (an update in place, build by build). */
const inPlace = (root: string, out: string) => (epoch: string) => ({
  root,
  outDir: out,
  baseUrl: "https://example.org/",
  env: { SOURCE_DATE_EPOCH: epoch },
});

describe("build", () => {
  it("is deterministic: two builds of the same records are byte-identical", async () => {
    const root = await exampleRoot();
    const dir = await tempDir();
    const a = await build({ root, outDir: join(dir, "a"), baseUrl: "https://example.org/", env });
    const b = await build({ root, outDir: join(dir, "b"), baseUrl: "https://example.org/", env });
    expect(a.ok && b.ok).toBe(true);
    const [treeA, treeB] = [await readTree(join(dir, "a")), await readTree(join(dir, "b"))];
    expect([...treeA.keys()]).toEqual([...treeB.keys()]);
    for (const [path, bytes] of treeA) expect(bytes.equals(treeB.get(path)!), path).toBe(true);
    // Exactly what the registry renders, the site's files and the build's marker: nothing else.
    if (!a.ok) throw new Error("build failed");
    const rendered = renderSite(a.model).map((o) => o.path);
    const expected = [...rendered, ...a.model.assets.map((f) => f.path), BUILD_MARKER];
    expect([...treeA.keys()].sort()).toEqual(expected.sort());
  });

  it("uses the base URL, path prefix included, in every absolute URL", async () => {
    const out = join(await tempDir(), "dist");
    await build({ root: await fixtureRoot(), outDir: out, baseUrl: "https://org.github.io/sprint", env });
    const text = (await readTree(out)).get("api/projects.json")!.toString();
    expect(JSON.parse(text).data[0].url).toBe("https://org.github.io/sprint/projects/alpha-bot.html");
    const page = (await readTree(out)).get("projects/alpha-bot.html")!.toString();
    // The page loads its image relatively, and names it absolutely for link previews.
    expect(page).toContain('src="../images/alpha.svg"');
    expect(page).toContain(
      '<meta property="og:image" content="https://org.github.io/sprint/images/alpha.svg">',
    );
    expect(page).toContain(
      '<link rel="canonical" href="https://org.github.io/sprint/projects/alpha-bot.html"',
    );
  });

  it("with invalid records writes nothing and leaves the previous site as it was", async () => {
    const root = await fixtureRoot();
    const dir = await tempDir();
    const out = join(dir, "dist");
    expect((await build({ root, outDir: out, baseUrl: "https://example.org/", env })).ok).toBe(true);
    const before = await readTree(out);
    await writeFile(join(root, "records/projects/alpha-bot.yaml"), "title: [unclosed\n");
    const result = await build({
      root,
      outDir: out,
      baseUrl: "https://example.org/",
      env: { SOURCE_DATE_EPOCH: "1" },
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.file)).toContain("records/projects/alpha-bot.yaml");
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("updates a folder an earlier build wrote in place: a changed record writes only what changed", async () => {
    const root = await tempDir();
    // Enough projects for several search parts, of which one card file changes; few teams, which
    // this update does not touch. A judge's pages across several pages: judge-pages-dev.test.ts.
    await writeSyntheticEvent(root, { teams: 10, projects: 20, seed: 3 });
    // In git, as CI builds it: the site is dated by the newest commit, each record by its own.
    const commit = (at: string, message: string) =>
      execFileSync(
        "git",
        ["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qam", message],
        {
          cwd: root,
          env: { ...process.env, GIT_COMMITTER_DATE: at, GIT_AUTHOR_DATE: at },
        },
      );
    execFileSync("git", ["init", "-q"], { cwd: root });
    execFileSync("git", ["add", "-A"], { cwd: root });
    commit("2025-12-01T10:00:00Z", "records");
    const out = join(await tempDir(), "dist");
    const options = { root, outDir: out, baseUrl: "https://example.org/", env: {} };
    expect((await build(options)).ok).toBe(true);
    const before = await readTree(out);
    const inodes = new Map<string, number>();
    for (const path of before.keys()) inodes.set(path, (await stat(join(out, path))).ino);

    const file = join(root, "records/projects/project-7.yaml");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(/^tagline: .*$/m, "tagline: A new tagline."),
    );
    commit("2025-12-02T10:00:00Z", "project-7's tagline");
    const result = await build(options);
    if (!result.ok) throw new Error("build failed");
    const after = await readTree(out);
    const changed = [...after].filter(([path, bytes]) => !before.get(path)?.equals(bytes)).map(([p]) => p);
    expect(result.summary.written).toBe(changed.length);
    expect(changed).toContain("projects/project-7.html");
    // The search's parts are named by their bytes (search-index.ts): the project's card file and the
    // word files of the letters its old and new tagline's words begin with are new files, and the
    // files they replace are removed.
    const [parts, pages] = [
      changed.filter((p) => /^search\/.+\//.test(p)),
      changed.filter((p) => !/^search\/.+\//.test(p)),
    ];
    // The judges' pages that list the project show its tagline: those, and no other judge's.
    const judges = JSON.parse(after.get("judging/assignment.json")!.toString()) as {
      judges: Array<{ projects: string[] }>;
    };
    const listing = judges.judges.filter((j) => j.projects.includes("project-7")).length;
    expect(pages.filter((p) => p.startsWith("judging/")).length).toBe(listing);
    expect(pages.filter((p) => !p.startsWith("judging/")).length).toBeLessThanOrEqual(13);
    // A document rewritten for the site's new date alone is one whose contract dates it so (the
    // API's generatedAt, the AI catalog's updatedAt of the API): no page, and not the calendar,
    // whose DTSTAMP is the event record's (event-ics.ts).
    const [was, now] = ["2025-12-01T10:00:00", "2025-12-02T10:00:00"];
    const datedOnly = pages.filter(
      (p) => before.get(p)!.toString().replaceAll(was, now) === after.get(p)!.toString(),
    );
    expect(datedOnly.sort()).toEqual([
      ".well-known/ai-catalog.json",
      "api/editions.json",
      "api/event.json",
      "api/index.json",
      "api/teams.json",
    ]);
    expect(changed).not.toContain("event.ics");
    const letters = new Set(
      `${
        before
          .get("api/projects/project-7.json")!
          .toString()
          .match(/"tagline": "(.*)"/)![1]
      } A new tagline.`
        .toLowerCase()
        .match(/\b[a-z]/g),
    );
    expect(parts.filter((p) => p.includes("/words-")).length).toBeLessThanOrEqual(letters.size);
    expect(parts.filter((p) => p.includes("/cards-"))).toHaveLength(1);
    expect(result.summary.removed).toBe(parts.length);
    // A file whose bytes did not change is the very same file.
    for (const path of after.keys())
      if (!changed.includes(path)) expect((await stat(join(out, path))).ino, path).toBe(inodes.get(path));
    // And the folder holds exactly what a build into a new folder writes.
    const fresh = join(await tempDir(), "dist");
    await build({ ...options, outDir: fresh });
    expect(after).toEqual(await readTree(fresh));
  });

  // Removal on the small fixture: the event above is sized for judges' pages, not for this.
  it("updates a folder in place when a record goes: its page and document go, and nothing else is left", async () => {
    const root = await fixtureRoot();
    const out = join(await tempDir(), "dist");
    const at = inPlace(root, out);
    expect((await build(at("1"))).ok).toBe(true);
    const before = await readTree(out);
    await rm(join(root, "records/projects/beta-sim.yaml"));
    const removed = await build(at("2"));
    // Its page and its document go; the search parts after its place are numbered anew, so replaced.
    const after = await readTree(out);
    const gone = [...before.keys()].filter((path) => !after.has(path));
    expect(gone.filter((path) => !/^search\/.+\//.test(path)).sort()).toEqual([
      "api/projects/beta-sim.json",
      "projects/beta-sim.html",
    ]);
    expect(removed.ok && removed.summary.removed).toBe(gone.length);
    expect([...after.keys()].filter((p) => p.includes("beta-sim."))).toEqual([]);
    // And the folder holds exactly what a build into a new folder writes.
    const fresh = join(await tempDir(), "dist");
    await build({ ...at("2"), outDir: fresh });
    expect(after).toEqual(await readTree(fresh));
  });

  it("reports a summary of records, documents, bytes and time", async () => {
    const out = join(await tempDir(), "dist");
    const result = await build({
      root: await fixtureRoot(),
      outDir: out,
      baseUrl: "https://example.org/",
      env,
    });
    if (!result.ok) throw new Error("build failed");
    const tree = await readTree(out);
    expect(result.summary.records).toBe(5);
    // The marker says the folder is a build's; it is no file of the site, and not counted.
    expect(result.summary.files).toBe(tree.size - 1);
    expect(result.summary.bytes).toBe(
      [...tree]
        .filter(([p]) => !p.startsWith("images/") && p !== BUILD_MARKER)
        .reduce((n, [, b]) => n + b.length, 0),
    );
    expect(result.summary.milliseconds).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(await readFile(join(out, "api/teams.json"), "utf8")).generatedAt).toBe(
      "2025-12-05T10:00:00+00:00",
    );
  });

  it("checkBuild answers as build does, every document rendered, nothing written (Validate)", async () => {
    const root = await fixtureRoot();
    const out = join(await tempDir(), "dist");
    const options = { root, baseUrl: "https://example.org/", env };
    const [built, checked] = [await build({ ...options, outDir: out }), await checkBuild(options)];
    if (!built.ok || !checked.ok) throw new Error("build failed");
    const summary = ({ milliseconds, ...rest }: typeof built.summary) => rest;
    expect(summary(checked.summary)).toEqual(summary(built.summary));
    expect([checked.diagnostics, checked.warnings, checked.model]).toEqual([
      built.diagnostics,
      built.warnings,
      built.model,
    ]);
    // Invalid records: the same refusal.
    await writeFile(join(root, "records/projects/alpha-bot.yaml"), "title: [unclosed\n");
    const refused = await checkBuild(options);
    expect(refused).toEqual(await build({ ...options, outDir: out }));
    expect(refused.ok).toBe(false);
  });

  it("outside git, dates the site by the newest input, a record's time taken when it was read", async () => {
    const root = await fixtureRoot();
    const old = new Date("2024-01-01T00:00:00Z");
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), old, old);
    const newest = new Date("2024-06-01T12:00:00.600Z");
    await utimes(join(root, "records/teams/alpha-team.yaml"), newest, newest);
    const out = join(await tempDir(), "dist");
    const result = await build({ root, outDir: out, baseUrl: "https://example.org/", env: {} });
    expect(result.ok).toBe(true);
    expect(JSON.parse(await readFile(join(out, "api/teams.json"), "utf8")).generatedAt).toBe(
      "2024-06-01T12:00:00+00:00",
    );
  });
});
