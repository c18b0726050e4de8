import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listAssets } from "../../generator/load/list-assets.ts";
import { checkBuild } from "../../generator/pipeline.ts";
import { fixtureRoot } from "../helpers/fixture-root.ts";

describe("public files the Pages package would leave out", () => {
  // upload-pages-artifact tars with --exclude=.git --exclude=.github (any depth): a file so placed
  // passed Validate, was built, and then stopped Publish at check-pages-artifact's missing file.
  it("refuses a file in a folder named .github, at any depth, naming the file and the fix", async () => {
    const root = await fixtureRoot();
    await mkdir(join(root, "site/public/docs/.github"), { recursive: true });
    await writeFile(join(root, "site/public/docs/.github/notes.txt"), "notes");
    await mkdir(join(root, "site/public/.well-known"), { recursive: true });
    await writeFile(join(root, "site/public/.well-known/security.txt"), "Contact: x");
    const { diagnostics } = await listAssets(root);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: "site/public/docs/.github/notes.txt",
        line: 1,
        severity: "error",
        rule: "file-name",
        found: "a name .github in docs/.github/notes.txt",
        fix: expect.stringContaining("Rename .github in site/public/docs/.github/notes.txt"),
      }),
    ]);
    await expectBuildRefused(root);
  });

  // A `\` is a name's character on POSIX: the listing made it a `/`, publishing a\b.txt at a/b.txt,
  // which is another file; browsers read a `\` in an address as `/`, so no link reaches its name.
  it("refuses a name with a backslash, naming the file and the fix, instead of publishing it at another path", async () => {
    const root = await fixtureRoot();
    await mkdir(join(root, "site/public/docs"), { recursive: true });
    await writeFile(join(root, "site/public/docs/a\\b.txt"), "b");
    const { assets, diagnostics } = await listAssets(root);
    expect(assets.map((a) => a.path)).toContain("docs/a\\b.txt");
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: "site/public/docs/a\\b.txt",
        severity: "error",
        rule: "file-name",
        found: "a \\ in docs/a\\b.txt",
        fix: expect.stringContaining(
          "Rename site/public/docs/a\\b.txt without the backslash (for example docs/a-b.txt)",
        ),
      }),
    ]);
    await expectBuildRefused(root);
  });
});

/** Validate's own answer (the build checked as it would be written): refused for the name alone. */
async function expectBuildRefused(root: string): Promise<void> {
  const built = await checkBuild({
    root,
    baseUrl: "https://e.org/",
    env: { SOURCE_DATE_EPOCH: "1764928800" },
  });
  expect(built.ok).toBe(false);
  expect(built.diagnostics.filter((d) => d.severity === "error").map((d) => d.rule)).toEqual(["file-name"]);
}
