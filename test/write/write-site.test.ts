import { lstat, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parts } from "../../generator/render/shared/document.ts";
import { writeSite, WriteError } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";
import { BUILD_MARKER, MARKER_TEXT } from "../../generator/write/output-folder.ts";

describe("writeSite", () => {
  it("writes every document of a new site in a folder beside it, then swaps that folder in", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    const result = await writeSite(out, [
      { path: "api/a.json", body: "{}\n" },
      { path: "index.html", body: "<p>é</p>" },
    ]);
    expect(result).toEqual({ files: 2, bytes: 3 + 9, written: 2, removed: 0 });
    expect([...(await readTree(out)).keys()]).toEqual([BUILD_MARKER, "api/a.json", "index.html"]);
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("replaces an older build's folder (an API index, no marker) whole", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    await mkdir(join(out, "api"), { recursive: true });
    await writeFile(join(out, "api/index.json"), '{\n  "object": "index"\n}\n');
    await writeFile(join(out, "stale.json"), "{}");
    const result = await writeSite(out, [{ path: "index.html", body: "home" }]);
    expect(result).toEqual({ files: 1, bytes: 4, written: 1, removed: 0 });
    expect([...(await readTree(out)).keys()]).toEqual([BUILD_MARKER, "index.html"]);
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it.each([
    "../escape.json",
    "/etc/passwd",
    "api/../../x",
    "a\\b",
    "a//b",
    "",
    "./x",
    "a/\0",
    "a/",
    "a/.",
    "..",
    ".",
  ])("refuses the path %j before writing anything", async (path) => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    await expect(
      writeSite(out, [
        { path: "ok.json", body: "1" },
        { path, body: "x" },
      ]),
    ).rejects.toThrow(WriteError);
    expect(await readdir(dir)).toEqual([]);
  });

  it("writes paths whose dots are part of a name", async () => {
    const out = join(await tempDir(), "dist");
    const paths = [".well-known/api-catalog", "a/.../b.json", "a..b/c.json", "x/.hidden", "v1.2/..json"];
    await writeSite(
      out,
      paths.map((path) => ({ path, body: "x" })),
    );
    expect([...(await readTree(out)).keys()].sort()).toEqual([BUILD_MARKER, ...paths].sort());
  });

  it("refuses two documents on one path", async () => {
    const dir = await tempDir();
    await expect(
      writeSite(join(dir, "dist"), [
        { path: "api/x.json", body: "1" },
        { path: "api/x.json", body: "2" },
      ]),
    ).rejects.toThrow("two documents claim api/x.json");
  });

  it("leaves the previous site untouched when a write fails midway", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    await writeSite(out, [{ path: "index.html", body: "old" }]);
    const before = await readTree(out);
    // The second file's source does not exist, so copying it fails after the first was written.
    await expect(
      writeSite(
        out,
        [{ path: "index.html", body: "new" }],
        [{ path: "images/gone.svg", source: join(dir, "missing.svg") }],
      ),
    ).rejects.toThrow(/ENOENT/);
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(dir)).toEqual(["dist"]);
  });
});

describe("writeSite into a folder an earlier build wrote: in place, only what changed", () => {
  const site = (news: string) => [
    { path: "index.html", body: "home" },
    { path: "teams/a.html", body: `team a ${news}` },
  ];

  it("writes a file only when its bytes differ, and removes files no document claims", async () => {
    const out = join(await tempDir(), "dist");
    await writeSite(out, [...site("old"), { path: "teams/gone.html", body: "gone" }]);
    const home = await stat(join(out, "index.html"));
    const result = await writeSite(out, site("new"));
    expect(result).toEqual({ files: 2, bytes: 4 + 10, written: 1, removed: 1 });
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
    expect(await readTree(out)).toEqual(
      new Map([
        [BUILD_MARKER, Buffer.from(MARKER_TEXT)],
        ["index.html", Buffer.from("home")],
        ["teams/a.html", Buffer.from("team a new")],
      ]),
    );
    // The unchanged file is the very same file: not written again, so its ETag holds.
    const after = await stat(join(out, "index.html"));
    expect([after.ino, after.mtimeMs]).toEqual([home.ino, home.mtimeMs]);
  });

  it("removes the folders its removed files leave empty, and keeps a folder that still holds one", async () => {
    const out = join(await tempDir(), "dist");
    const edition = ["index.html", "projects/x.html", "projects/x/cover.png", "api/projects/x.json"];
    await writeSite(out, [
      ...site("old"),
      ...edition.map((path) => ({ path: `2026/${path}`, body: path })),
      { path: "teams/old/photo.png", body: "photo" },
    ]);
    await writeSite(out, site("new"));
    // The edition's tree and the team's emptied folder are gone; teams/ still holds a page.
    expect(await readdir(out)).toEqual([BUILD_MARKER, "index.html", "teams"].sort());
    expect(await readdir(join(out, "teams"))).toEqual(["a.html"]);
  });

  it("changes nothing when rendering fails midway, and leaves no file beside", async () => {
    const out = join(await tempDir(), "dist");
    await writeSite(out, site("old"));
    const before = await readTree(out);
    function* failing() {
      yield* site("new").reverse();
      throw new Error("a renderer broke");
    }
    await expect(writeSite(out, failing())).rejects.toThrow("a renderer broke");
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
  });

  // A file where the site needs a folder, or back, from one build to the next: the earlier build's
  // files in the way go first (in-the-way.ts); within one build the writer refuses it (path-claims.ts).
  it("turns a folder into a file and back from build to build, even one a hand made", async () => {
    const out = join(await tempDir(), "dist");
    await writeSite(out, site("old"));
    await rm(join(out, "teams"), { recursive: true });
    await writeFile(join(out, "teams"), "not a folder");
    await writeSite(out, site("new"));
    expect(await readFile(join(out, "teams/a.html"), "utf8")).toBe("team a new");
    await writeSite(out, [
      { path: "teams", body: "a file" },
      { path: "x/y/z", body: "1" },
    ]);
    expect(await readFile(join(out, "teams"), "utf8")).toBe("a file");
    // An earlier update's emptied folders (x/y) go too when a file takes their path.
    await writeSite(out, [{ path: "x/y.json", body: "2" }]);
    await writeSite(out, [{ path: "x", body: "3" }]);
    expect([...(await readTree(out)).keys()]).toEqual([BUILD_MARKER, "x"]);
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
  });

  it("writes a body in parts as it comes, and compares it part by part with the file it replaces", async () => {
    const out = join(await tempDir(), "dist");
    const list = (...items: string[]) => parts("[", () => items, "]\n");
    const first = await writeSite(out, [{ path: "api/list.json", body: list("ab", "cd") }]);
    expect([first.written, first.bytes]).toEqual([1, 7]);
    const before = await stat(join(out, "api/list.json"));
    // The same parts: not written again, the same file.
    expect((await writeSite(out, [{ path: "api/list.json", body: list("ab", "cd") }])).written).toBe(0);
    expect((await stat(join(out, "api/list.json"))).ino).toBe(before.ino);
    // A text that is the start of the old one is still a change.
    expect(
      (await writeSite(out, [{ path: "api/list.json", body: parts("[ab", () => [], "") }])).written,
    ).toBe(1);
    expect(await readFile(join(out, "api/list.json"), "utf8")).toBe("[ab");
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
  });

  it("compares a long body in parts across the pieces it is written in, to its last byte", async () => {
    const out = join(await tempDir(), "dist");
    // 6,000 entries of 41 bytes and a character of two: pieces of 64 K characters end between entries.
    const entries = (last: string) =>
      Array.from({ length: 6000 }, (_, i) => (i === 5999 ? last : `${"x".repeat(40)}é`));
    const body = (last: string) => ({ path: "api/list.json", body: parts("[", () => entries(last), "]\n") });
    expect((await writeSite(out, [body("a")])).bytes).toBe(1 + 5999 * 42 + 1 + 2);
    expect((await writeSite(out, [body("a")])).written).toBe(0);
    expect((await writeSite(out, [body("b")])).written).toBe(1);
    expect((await readFile(join(out, "api/list.json"), "utf8")).slice(-4)).toBe("éb]\n");
  });

  it("writes parts of every size and character as the text they join into, byte for byte", async () => {
    const out = join(await tempDir(), "dist");
    // Parts that fill the writer's buffer unevenly, one far longer than it, characters of 1 to 4
    // bytes and a lone surrogate (which UTF-8 writes as U+FFFD, as Buffer.from does).
    const items = [
      ...Array.from({ length: 3000 }, (_, i) => `${"a".repeat(i % 97)}é€😀${i}`),
      "中".repeat(300_000),
      "\ud800",
      ...Array.from({ length: 50 }, (_, i) => "z".repeat(i * 1000)),
    ];
    const text = `[${items.join("")}]\n`;
    const written = await writeSite(out, [{ path: "api/list.json", body: parts("[", () => items, "]\n") }]);
    expect(written.bytes).toBe(Buffer.byteLength(text));
    expect((await readFile(join(out, "api/list.json"))).equals(Buffer.from(text))).toBe(true);
    expect(
      (await writeSite(out, [{ path: "api/list.json", body: parts("[", () => items, "]\n") }])).written,
    ).toBe(0);
  });

  it("never writes through a link: a build's folder holding one is replaced whole", async () => {
    const dir = await tempDir();
    const out = join(dir, "dist");
    await writeSite(out, site("old"));
    // Someone linked teams/ to a folder outside the site.
    const outside = join(dir, "elsewhere");
    await mkdir(outside);
    await writeFile(join(outside, "a.html"), "not the site's");
    await rm(join(out, "teams"), { recursive: true });
    await symlink(outside, join(out, "teams"));
    const result = await writeSite(out, site("new"));
    expect(result.written).toBe(2);
    expect(await readFile(join(outside, "a.html"), "utf8")).toBe("not the site's");
    expect((await lstat(join(out, "teams"))).isDirectory()).toBe(true);
    expect(await readFile(join(out, "teams/a.html"), "utf8")).toBe("team a new");
  });

  it("still refuses two documents on one path and paths outside the folder", async () => {
    const out = join(await tempDir(), "dist");
    await writeSite(out, site("a"));
    const before = await readTree(out);
    await expect(writeSite(out, [...site("b"), { path: "index.html", body: "again" }])).rejects.toThrow(
      "two documents claim index.html",
    );
    await expect(writeSite(out, [{ path: "../x.html", body: "x" }])).rejects.toThrow(WriteError);
    await expect(writeSite(out, [{ path: BUILD_MARKER, body: "x" }])).rejects.toThrow(
      `two documents claim ${BUILD_MARKER}`,
    );
    expect(await readTree(out)).toEqual(before);
  });
});
