import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listAssets } from "../../generator/load/list-assets.ts";
import { missingFromArchive } from "../../generator/publish/check-pages-artifact.ts";
import { checkBuild } from "../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";

// A control character (a line break, a tab, U+0001, DEL) is a name's character on POSIX, but
// Publish's check of the package (check-pages-artifact.ts) reads tar's listing a line a name, so it
// called a name with a line break missing and stopped, after Validate passed it; and browsers drop a
// tab or line break from an address (the URL standard), so no link reaches it (R9 review of 4a79dcf).
const NAMES = ["a\nb.txt", "tab\t.txt", "bell\u0001.txt", "del\u007f.txt", "cr\r.txt"];

describe("public files named with a control character", () => {
  it("with a line break, are what Publish's check of the package calls missing", async () => {
    const dist = join(await tempDir(), "dist");
    await mkdir(dist);
    for (const name of [...NAMES, "plain.txt"]) await writeFile(join(dist, name), "x");
    const archive = join(dist, "..", "artifact.tar");
    execFileSync("tar", ["--directory", dist, "-cf", archive, "."]);
    expect(await missingFromArchive(archive, dist)).toContain("a\nb.txt");
  });

  it("are refused with file-name by Validate's build, naming the file and the fix", async () => {
    const root = await fixtureRoot();
    await mkdir(join(root, "site/public/docs"), { recursive: true });
    for (const name of NAMES) await writeFile(join(root, "site/public/docs", name), "x");
    const { diagnostics } = await listAssets(root);
    expect(diagnostics.map((d) => `${d.rule} ${d.file}`).sort()).toEqual(
      NAMES.map((name) => `file-name site/public/docs/${name}`).sort(),
    );
    expect(diagnostics[0]!.fix).toMatch(/^Rename site\/public\/docs\/.+ without control characters/);
    const built = await checkBuild({
      root,
      baseUrl: "https://e.org/",
      env: { SOURCE_DATE_EPOCH: "1764928800" },
    });
    expect(built.ok).toBe(false);
    expect(new Set(built.diagnostics.filter((d) => d.severity === "error").map((d) => d.rule))).toEqual(
      new Set(["file-name"]),
    );
  });
});
