import { execFile } from "node:child_process";
import { link, symlink } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { linksInArchive, missingFromArchive } from "../../generator/publish/check-pages-artifact.ts";
import { buildSite } from "../helpers/build-site.ts";
import { exampleRoot, tempDir } from "../helpers/fixture-root.ts";
import { runCli } from "../helpers/run-cli.ts";

/** GNU tar with the flags of `actions/upload-pages-artifact` (v4 adds the hidden-file exclusion). */
async function pagesTar(dist: string, excludeHidden: boolean): Promise<string> {
  const archive = join(await tempDir(), "artifact.tar");
  const hidden = excludeHidden ? ["--exclude=.[^/]*"] : [];
  await promisify(execFile)("tar", [
    "--dereference",
    "--hard-dereference",
    "--directory",
    dist,
    "-cf",
    archive,
    "--exclude=.git",
    "--exclude=.github",
    ...hidden,
    ".",
  ]);
  return archive;
}

/** The sample's site, built once for the tests that only read it (the links test adds to its own). */
let site: Promise<string> | undefined;
const builtSite = () =>
  (site ??= exampleRoot().then((root) => buildSite(root, "https://org.github.io/sprint/")));

describe("the Pages artifact check", () => {
  it("names every hidden file an artifact without include-hidden-files drops, and passes the right one", async () => {
    const dist = await builtSite();
    expect(await missingFromArchive(await pagesTar(dist, true), dist)).toEqual([
      ".hackathon-registry-build",
      ".nojekyll",
      ".well-known/agent-card.json",
      ".well-known/agent-skills/hackathon-api/SKILL.md",
      ".well-known/agent-skills/index.json",
      ".well-known/ai-catalog.json",
      ".well-known/api-catalog",
    ]);
    expect(await missingFromArchive(await pagesTar(dist, false), dist)).toEqual([]);
  });

  it("fails the Publish step with the list, and passes a complete archive", async () => {
    const dist = await builtSite();
    const bad = await runCli("check-pages-artifact", [await pagesTar(dist, true), dist]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      "The Pages artifact lacks 7 built files (is include-hidden-files on?):\n  .hackathon-registry-build\n  .nojekyll\n",
    );
    const good = await runCli("check-pages-artifact", [await pagesTar(dist, false), dist]);
    expect(good.code).toBe(0);
  });

  it("names the links an archive holds, which Pages refuses; the action's tar stores none", async () => {
    // Two names of one file, as an archived edition's kept files are (link-or-copy.ts), and a symlink.
    const dist = await buildSite(await exampleRoot(), "https://org.github.io/sprint/");
    await link(join(dist, "index.html"), join(dist, "home copy.html"));
    await symlink("index.html", join(dist, "start.html"));
    expect(await linksInArchive(await pagesTar(dist, false))).toEqual([]);
    const plain = join(await tempDir(), "plain.tar");
    await promisify(execFile)("tar", ["--directory", dist, "-cf", plain, "."]);
    const links = await linksInArchive(plain);
    expect(links).toHaveLength(2);
    expect(links.join("\n")).toMatch(
      /home copy\.html link to index\.html|index\.html link to home copy\.html/,
    );
    expect(links.join("\n")).toContain("start.html -> index.html");
    const bad = await runCli("check-pages-artifact", [plain, dist]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("The Pages artifact holds 2 links, which Pages refuses");
  });
});
