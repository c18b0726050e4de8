import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromView, type Output } from "../../generator/render/shared/document.ts";
import type { Asset } from "../../generator/load/list-assets.ts";
import { checkSite } from "../../generator/write/check-site.ts";
import { BUILD_MARKER } from "../../generator/write/output-folder.ts";
import { writeSite } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { PROPERTY_RUNS } from "../helpers/property-runs.ts";

/** What writeSite answers for a site: its result, or the message it refused it with. */
async function written(outputs: Output[], assets: Asset[] = []): Promise<unknown> {
  try {
    return await writeSite(join(await tempDir(), "dist"), outputs, assets);
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

function checked(outputs: Output[], assets: Asset[] = []): unknown {
  try {
    return checkSite(outputs, assets);
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

function* parts(...texts: string[]): Iterable<string> {
  yield* texts;
}

describe("checkSite: the site as writeSite writes it, nothing written", () => {
  it("counts the files and bytes writeSite counts: strings, parts, views and copied files", async () => {
    const folder = await tempDir();
    await writeFile(join(folder, "logo.svg"), "<svg/>");
    const outputs = (): Output[] => [
      { path: "index.html", body: "<p>é</p>" },
      { path: "api/list.json", body: parts("[", '"ü"', "]") },
      fromView("teams/a/index.html", { name: "Ä" }, (view) => `<h1>${view.name}</h1>`),
    ];
    const assets = [{ path: "logo.svg", source: join(folder, "logo.svg") }];
    const result = checked(outputs(), assets);
    expect(result).toEqual({ files: 4, bytes: 9 + 5 + 12, written: 4, removed: 0 });
    expect(result).toEqual(await written(outputs(), assets));
  });

  // Each is a refusal of the writer's: Validate, which checks instead of writing, must refuse it too.
  it.each<[string, () => Output[], Asset[]?]>([
    ["a path outside the folder", () => [{ path: "../escape.json", body: "x" }]],
    ["an empty segment", () => [{ path: "a//b", body: "x" }]],
    [
      "two documents on one path",
      () => [
        { path: "a.json", body: "1" },
        { path: "a.json", body: "2" },
      ],
    ],
    ["a document and a copied file on one path", () => [{ path: "logo.svg", body: "1" }], [logo()]],
    // A pull request's site/public/.hackathon-registry-build: Validate passed it, Publish refused it.
    ["a public file on the build's marker", () => [], [{ path: BUILD_MARKER, source: "/nonexistent/m" }]],
    [
      "a view that does not render",
      () => [
        fromView("x.html", {}, () => {
          throw new Error("the template broke");
        }),
      ],
    ],
    [
      "parts that fail half-way",
      () => [
        {
          path: "big.json",
          body: (function* () {
            yield "[";
            throw new Error("the list broke");
          })(),
        },
      ],
    ],
  ])("refuses %s with the writer's message", async (_, outputs, assets = []) => {
    const refused = checked(outputs(), assets);
    expect(refused).toHaveProperty("refused");
    expect(refused).toEqual(await written(outputs(), assets));
  });

  // The writer stops half way (EEXIST, EISDIR) on a file where another path needs a folder: a
  // pull request adding site/public/api/projects.json/x.png had Validate pass and Publish fail.
  it.each<[string, () => Output[], (folder: string) => Asset[]]>([
    [
      "a public file under a page's path",
      () => [{ path: "api/projects.json", body: "[]" }],
      (f) => [{ path: "api/projects.json/x.png", source: join(f, "x.png") }],
    ],
    [
      "a public file named as a pages' folder",
      () => [{ path: "teams/index.html", body: "1" }],
      (f) => [{ path: "teams", source: join(f, "x.png") }],
    ],
    [
      "a document under another's path",
      () => [
        { path: "a/b.json", body: "1" },
        { path: "a", body: "2" },
      ],
      () => [],
    ],
  ])("refuses %s, which the writer cannot write", async (_, outputs, assets) => {
    const folder = await tempDir();
    await writeFile(join(folder, "x.png"), "png");
    expect(checked(outputs(), assets(folder))).toHaveProperty("refused");
    expect(checked(outputs(), assets(folder))).toEqual(await written(outputs(), assets(folder)));
  });

  // One judge (PathClaims) for both: any set of paths, as documents or copied files, gets the same
  // verdict from checkSite as from the writer, into a new folder and updating a build's folder.
  it("gives every set of paths the writer's verdict (property)", async () => {
    const folder = await tempDir();
    await writeFile(join(folder, "x.png"), "png");
    const pool = ["a", "a/b", "a/b/c", "b/a", "ab", "a/b.json", BUILD_MARKER, "a//b", "../x", "./a"];
    const site = fc.array(fc.record({ path: fc.constantFrom(...pool), copied: fc.boolean() }), {
      maxLength: 4,
    });
    const earlier = join(await tempDir(), "dist");
    await writeSite(earlier, [
      { path: "a/b/c", body: "1" },
      { path: "b", body: "2" },
    ]);
    await fc.assert(
      fc.asyncProperty(site, async (paths) => {
        const outputs = paths.filter((p) => !p.copied).map((p) => ({ path: p.path, body: p.path }));
        const assets = paths
          .filter((p) => p.copied)
          .map((p) => ({ path: p.path, source: join(folder, "x.png") }));
        const verdict = checked(outputs, assets);
        expect(await written(outputs, assets)).toEqual(verdict);
        const update = await writeSite(earlier, outputs, assets).catch((e: Error) => ({
          refused: e.message,
        }));
        expect("refused" in update ? update : "written").toEqual(
          "refused" in (verdict as object) ? verdict : "written",
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("refuses a file to copy that is gone, or is a folder, as the writer does", async () => {
    const folder = await tempDir();
    await mkdir(join(folder, "dir"));
    for (const source of [join(folder, "gone.png"), join(folder, "dir")]) {
      const assets = [{ path: "x.png", source }];
      expect(() => checkSite([], assets)).toThrow();
      expect(await written([], assets)).toHaveProperty("refused");
    }
    expect(await readdir(folder)).toEqual(["dir"]);
  });
});

/** A copied file claiming logo.svg; its source is never read, as the claim is refused first. */
function logo(): Asset {
  return { path: "logo.svg", source: "/nonexistent/logo.svg" };
}
