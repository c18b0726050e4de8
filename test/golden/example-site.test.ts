import { readFile, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot } from "../helpers/fixture-root.ts";
import { treeDigest } from "../helpers/read-tree.ts";

const MANIFEST = new URL("./example-site.sha256", import.meta.url);

/**
 * The example event's site, held byte for byte: every file's SHA-256, as `sha256sum` writes them.
 * A change to the output shows here, file by file. When the change is meant, write the manifest
 * again with `UPDATE_GOLDEN=1 npx vitest run test/golden` and commit it with the change.
 */
describe("the example site", () => {
  it("builds to the held bytes", async () => {
    const out = await buildSite(await exampleRoot(), "https://sprint.example.org/", undefined, "1700000000");
    const built = Object.entries(await treeDigest(out))
      .map(([path, hash]) => `${hash}  ${path}\n`)
      .join("");
    if (process.env.UPDATE_GOLDEN) await writeFile(MANIFEST, built);
    expect(built).toBe(await readFile(MANIFEST, "utf8"));
  });
});
