import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderKey } from "../../generator/cache/folder-key.ts";
import { RecordCache } from "../../generator/cache/record-cache.ts";
import { listAssets } from "../../generator/load/list-assets.ts";
import { listTree, UnreadableNames } from "../../generator/load/list-tree.ts";
import { listRecordFiles } from "../../generator/load/load-records.ts";
import { build, check, checkBuild } from "../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { seriesRoot } from "../helpers/series-root.ts";

/** A name no UTF-8 text gives: `bad`, the byte FF, `.png`. */
const BAD = Buffer.concat([Buffer.from("bad"), Buffer.from([0xff]), Buffer.from(".png")]);

/** Writes a real file whose name is `name`'s bytes, in `folder`. */
async function badFile(folder: string, name: Buffer = BAD): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(Buffer.concat([Buffer.from(`${folder}/`), name]), "png");
}

const env = { SOURCE_DATE_EPOCH: "1764928800" };

describe("file names that are not UTF-8, found where the tree is listed", () => {
  it("lists a tree as readdir does, and the names it cannot read (a folder so named not entered)", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "a/b"), { recursive: true });
    await writeFile(join(dir, "a/b/c.txt"), "c");
    await writeFile(join(dir, "top.txt"), "t");
    const shape = (entries: Array<{ parentPath: string; name: string; isFile(): boolean }>) =>
      entries.map((e) => [e.parentPath, e.name, e.isFile()]).sort();
    expect(shape(listTree(dir).entries)).toEqual(
      shape(await readdir(dir, { recursive: true, withFileTypes: true })),
    );
    await badFile(join(dir, "a"));
    const folder = Buffer.concat([Buffer.from(`${dir}/`), Buffer.from([0x64, 0xfe])]);
    await mkdir(folder);
    await writeFile(Buffer.concat([folder, Buffer.from("/inside.txt")]), "never listed");
    // A name that holds U+FFFD itself (its UTF-8 bytes) is a name like any other.
    await writeFile(join(dir, "a/x\uFFFD.png"), "png");
    const { entries, unreadable } = listTree(dir);
    expect(entries.map((e) => e.name)).toContain("x\uFFFD.png");
    expect(unreadable.map((u) => [u.folder, u.name])).toEqual([
      [dir, Buffer.from([0x64, 0xfe])],
      [join(dir, "a"), BAD],
    ]);
  });

  it("refuses a public file so named, naming its folder, the name's bytes and the fix", async () => {
    const root = await fixtureRoot();
    await badFile(join(root, "site/public/images"));
    const { assets, diagnostics } = await listAssets(root);
    expect(assets.some((a) => a.path.includes("bad"))).toBe(false);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: "site/public/images",
        severity: "error",
        rule: "file-name-encoding",
        found: '"bad\\xFF.png"',
        fix: expect.stringContaining("Rename site/public/images/bad\\xFF.png"),
      }),
    ]);
    // The whole build says so, instead of stopping on ENOENT when it copies the file.
    const built = await build({
      root,
      outDir: join(await tempDir(), "dist"),
      baseUrl: "https://e.org/",
      env,
    });
    expect(built.ok).toBe(false);
    expect(built.diagnostics.filter((d) => d.rule === "file-name-encoding")).toHaveLength(1);
  });

  it("refuses a record file so named", async () => {
    const root = await fixtureRoot();
    await badFile(join(root, "records/teams"), Buffer.from([0x74, 0xe9, 0x2e, 0x79, 0x61, 0x6d, 0x6c]));
    const listed = await listRecordFiles(root);
    expect(listed.diagnostics.map((d) => [d.file, d.found])).toEqual([["records/teams", '"t\\xE9.yaml"']]);
    // The event, two teams and two projects: no record for the name.
    expect(listed.sources).toHaveLength(5);
  });

  it.each([
    ["a handbook chapter", "site/handbook", "10-b\\xFF.md", "10-"],
    ["a file anywhere under records/", "records/notes", "b\\xFF.yaml", ""],
  ])("refuses %s so named, where a build reads it", async (_, folder, shown, before) => {
    const root = await fixtureRoot();
    await badFile(
      join(root, folder),
      Buffer.concat([
        Buffer.from(before),
        Buffer.from([0x62, 0xff]),
        Buffer.from(shown.slice(shown.indexOf("."))),
      ]),
    );
    const checked = await check({ root });
    expect(checked.ok).toBe(false);
    expect(
      checked.diagnostics.filter((d) => d.severity === "error").map((d) => [d.file, d.rule, d.found]),
    ).toEqual([[folder, "file-name-encoding", `"${shown}"`]]);
  });

  it("refuses a folder of editions/ so named, instead of a missing manifest under a name no folder has", async () => {
    const root = await seriesRoot();
    await mkdir(Buffer.concat([Buffer.from(join(root, "editions/")), Buffer.from([0x32, 0xff])]));
    const checked = await checkBuild({ root, baseUrl: "https://e.org/", env });
    expect(checked.ok).toBe(false);
    expect(
      checked.diagnostics.filter((d) => d.severity === "error").map((d) => [d.file, d.rule, d.found]),
    ).toEqual([["editions", "file-name-encoding", '"2\\xFF"']]);
  });

  it("stops a Publish keying an archived edition so named with the build's error, not ENOENT", async () => {
    const root = await seriesRoot();
    await badFile(join(root, "editions/2026/site/public/images"));
    expect(() => folderKey(join(root, "editions/2026"), "")).toThrow(UnreadableNames);
    const cache = RecordCache.open(root, "test-salt");
    const options = { root, outDir: join(await tempDir(), "dist"), baseUrl: "https://e.org/", env, cache };
    const built = await build(options);
    expect(built.ok).toBe(false);
    expect(built.diagnostics.map((d) => [d.file, d.rule, d.found])).toEqual([
      ["editions/2026/site/public/images", "file-name-encoding", '"bad\\xFF.png"'],
    ]);
  });
});
