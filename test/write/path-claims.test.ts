import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromView, type Output } from "../../generator/render/shared/document.ts";
import { OwnManifests } from "../../generator/write/page-manifest.ts";
import { PathClaims, PathClash } from "../../generator/write/path-claims.ts";
import { writeSite, WriteError } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** What claiming `paths` in one build answers: "ok", or the clash's reason and claimants' paths. */
function verdict(claims: PathClaims, paths: readonly string[]): string {
  claims.begin();
  try {
    for (const path of paths) claims.claim(path, `claim of ${path}`);
    return "ok";
  } catch (error) {
    if (!(error instanceof PathClash)) throw error;
    return `${error.reason}: ${error.claimants.map((c) => c.path).join(" | ")}`;
  }
}

describe("PathClaims: one judge of a build's site paths", () => {
  it("refuses a second claim in one build, naming both claimants, and allows it in the next", () => {
    const claims = new PathClaims();
    claims.begin();
    const state = claims.claim("a.html", "a page");
    expect(() => claims.claim("a.html", "another page", "/x/a.html")).toThrow(
      "two documents claim a.html: a page and another page",
    );
    claims.begin();
    expect(claims.claim("a.html", "a file", "/src/a.html")).toBe(state);
    try {
      claims.claim("a.html", "a third");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PathClash);
      expect((error as PathClash).claimants).toEqual([
        { path: "a.html", what: "a file", source: "/src/a.html" },
        { path: "a.html", what: "a third" },
      ]);
    }
  });

  it("refuses a path outside the folder in every build: a refused path is never kept as checked", () => {
    const claims = new PathClaims();
    expect(verdict(claims, ["../x"])).toBe("outside: ../x");
    expect(verdict(claims, ["../x"])).toBe("outside: ../x");
    expect(claims.paths.size).toBe(0);
  });

  // `npm run dev` keeps its claims from build to build: a file and a folder on one path clash only
  // when one build claims both, whichever comes first and however deep the folder.
  it.each<[string[][], string]>([
    [[["a/b/c"], ["a"]], "ok"],
    [[["a"], ["a/b/c"]], "ok"],
    [[["a/b/c", "a"]], "folder: a | a/b/c"],
    [[["a", "a/b/c"]], "folder: a | a/b/c"],
    [[["a/b/c"], ["a/b/d", "a/b"]], "folder: a/b | a/b/d"],
    [[["a/b/c"], ["a/b", "a/x"]], "ok"],
    [[["a/b/c"], ["a/b", "a/b/c"]], "folder: a/b | a/b/c"],
    [
      [
        ["x/y", "a/b/c"],
        ["a/b/c", "x/y", "x"],
      ],
      "folder: x | x/y",
    ],
    [[["ab/c", "a"]], "ok"],
  ])("builds %j: the last one is %s", (builds, last) => {
    const claims = new PathClaims();
    const answers = builds.map((paths) => verdict(claims, paths));
    expect(answers.slice(0, -1).every((a) => a === "ok")).toBe(true);
    // The file is named first, the path that needs it as a folder second (clash-diagnostic.ts).
    expect(answers.at(-1)).toBe(last);
  });

  it("knows which listed files this build claimed, and lets go of the others", () => {
    const claims = new PathClaims();
    claims.begin();
    claims.claim("a.html", "a");
    claims.claim("b.html", "b");
    claims.begin();
    const listed = claims.list(["a.html", "b.html", "c.html"]);
    expect(listed.map((state) => state?.listed)).toEqual([2, 2, undefined]);
    claims.claim("a.html", "a");
    claims.claim("c.html", "c");
    expect(["a.html", "b.html", "c.html"].map((path, i) => claims.claimedNow(path, listed[i]))).toEqual([
      true,
      false,
      true,
    ]);
    claims.forgetUnclaimed();
    expect([...claims.paths.keys()]).toEqual(["a.html", "c.html"]);
  });
});

describe("npm run dev's writer, its paths kept from build to build", () => {
  const page = (path: string, title: string): Output =>
    fromView(path, { title }, (v) => `<h1>${v.title}</h1>\n`);

  it("still refuses two documents claiming one path in a later build, naming both", async () => {
    const out = join(await tempDir(), "dist");
    const own = new OwnManifests();
    await writeSite(out, [page("a.html", "A"), page("b.html", "B")], [], own);
    const twice = writeSite(out, [page("a.html", "A"), { path: "a.html", body: "again" }], [], own);
    await expect(twice).rejects.toThrow(WriteError);
    await expect(writeSite(out, [page("a.html", "A"), page("a.html", "A")], [], own)).rejects.toThrow(
      "two documents claim a.html: a rendered document and a rendered document",
    );
    // The failed builds changed nothing; the next good one writes what it is given.
    expect(await readFile(join(out, "b.html"), "utf8")).toBe("<h1>B</h1>\n");
    await writeSite(out, [page("a.html", "A2")], [], own);
    expect((await readdir(out)).filter((f) => !f.startsWith("."))).toEqual(["a.html"]);
    expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A2</h1>\n");
  });

  it("writes again a page a failed build rendered but never put in place", async () => {
    const out = join(await tempDir(), "dist");
    const own = new OwnManifests();
    await writeSite(out, [page("a.html", "A")], [], own);
    const failing = writeSite(out, [page("a.html", "A2"), { path: "a.html", body: "again" }], [], own);
    await expect(failing).rejects.toThrow(WriteError);
    expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A</h1>\n");
    // Its view is A2's again: the manifest saved last says A, so the file is rendered and replaced.
    await writeSite(out, [page("a.html", "A2")], [], own);
    expect(await readFile(join(out, "a.html"), "utf8")).toBe("<h1>A2</h1>\n");
  });
});
