import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromView, type Output } from "../../generator/render/shared/document.ts";
import { OwnManifests } from "../../generator/write/page-manifest.ts";
import { PathClaims } from "../../generator/write/path-claims.ts";
import { writeSite, WriteError } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";

const refuse = (earlier: string): never => {
  throw new Error(`claimed already as ${earlier}`);
};

describe("PathClaims: one record per site path", () => {
  it("checks a path the first time it is claimed only, and refuses a second claim in one build", () => {
    const claims = new PathClaims();
    const checked: string[] = [];
    const check = (path: string) => void checked.push(path);
    claims.begin();
    const state = claims.claim("a.html", "a page", check, refuse);
    expect(() => claims.claim("a.html", "another page", check, refuse)).toThrow("claimed already as a page");
    claims.begin();
    expect(claims.claim("a.html", "a page again", check, refuse)).toBe(state);
    expect(() => claims.claim("a.html", "a third", check, refuse)).toThrow("claimed already as a page again");
    expect(checked).toEqual(["a.html"]);
  });

  it("asks the check again of a path it refused: a refused path is never kept as checked", () => {
    const claims = new PathClaims();
    let asked = 0;
    const check = () => {
      asked++;
      throw new Error("outside");
    };
    claims.begin();
    expect(() => claims.claim("../x", "a page", check, refuse)).toThrow("outside");
    claims.begin();
    expect(() => claims.claim("../x", "a page", check, refuse)).toThrow("outside");
    expect(asked).toBe(2);
  });

  it("knows which listed files this build claimed, and lets go of the others", () => {
    const claims = new PathClaims();
    const ok = () => undefined;
    claims.begin();
    claims.claim("a.html", "a", ok, refuse);
    claims.claim("b.html", "b", ok, refuse);
    claims.begin();
    const listed = claims.list(["a.html", "b.html", "c.html"]);
    expect(listed.map((state) => state?.listed)).toEqual([2, 2, undefined]);
    claims.claim("a.html", "a", ok, refuse);
    claims.claim("c.html", "c", ok, refuse);
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
