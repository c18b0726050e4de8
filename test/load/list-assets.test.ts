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
    // Validate's own answer (the build checked as it would be written): refused, not passed.
    const built = await checkBuild({
      root,
      baseUrl: "https://e.org/",
      env: { SOURCE_DATE_EPOCH: "1764928800" },
    });
    expect(built.ok).toBe(false);
    expect(built.diagnostics.filter((d) => d.severity === "error").map((d) => d.rule)).toEqual(["file-name"]);
  });
});
