import { mkdirSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startIndexListing } from "../../generator/cache/git-index-key.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { gitIn } from "../helpers/git-in.ts";

// git status trusts a file whose stat data matches the index; settings that leave some of it out
// (core.trustctime=false, core.checkStat=minimal) let a same-size edit with its time put back (as
// `cp -p`, rsync -t, tar or a cache restore do) pass for clean: the archive's old key, the old
// archive published (R9 review of 28a456e).
const git = gitIn;

const FILE = "editions/2026/records/event.yaml";

/**
 * A committed edition whose file is edited, same size, its time put back: in place (same inode),
 * or written beside and renamed over it (a new inode).
 */
async function edited(
  settings: Array<[string, string]>,
  how: "in place" | "renamed",
): Promise<{ root: string; key?: string }> {
  const root = join(await tempDir(), "repo");
  mkdirSync(join(root, "editions/2026/records"), { recursive: true });
  writeFileSync(join(root, FILE), "name: Jam\n");
  git(root, "init", "-q");
  for (const [name, value] of settings) git(root, "config", name, value);
  git(root, "add", "-A");
  git(root, "commit", "-qm", "edition");
  const before = new Date("2026-01-01T00:00:00Z");
  utimesSync(join(root, FILE), before, before);
  git(root, "update-index", "-q", "--refresh");
  const key = (await startIndexListing(root, "editions"))?.key("editions/2026", "");
  const written = how === "in place" ? join(root, FILE) : join(root, "new.yaml");
  writeFileSync(written, "name: Jan\n");
  utimesSync(written, before, before);
  if (written !== join(root, FILE)) renameSync(written, join(root, FILE));
  return { root, key };
}

const keyOf = async (root: string) => (await startIndexListing(root, "editions"))?.key("editions/2026", "");

describe("an archive's key from git's index, with settings that trust less stat data", () => {
  it("git's defaults see a file replaced (its inode), and give no key", async () => {
    const { root, key } = await edited([], "renamed");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(git(root, "status", "--porcelain")).not.toBe("");
    expect(await keyOf(root)).toBeUndefined();
  });

  it("core.trustctime=false: an edit in place (same inode, size and time) gives no key", async () => {
    const { root } = await edited([["core.trustctime", "false"]], "in place");
    // git calls it clean: the key must not stand on its word.
    expect(git(root, "status", "--porcelain")).toBe("");
    expect(await keyOf(root)).toBeUndefined();
  });

  it("core.checkStat=minimal: a file replaced gives no key", async () => {
    const { root } = await edited([["core.checkStat", "minimal"]], "renamed");
    expect(await keyOf(root)).toBeUndefined();
  });

  it("either set to git's default still gives a key", async () => {
    const settings: Array<[string, string]> = [
      ["core.trustctime", "true"],
      ["core.checkStat", "default"],
    ];
    const { root, key } = await edited(settings, "renamed");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    git(root, "checkout", "--", FILE);
    git(root, "update-index", "-q", "--refresh");
    expect(await keyOf(root)).toBe(key);
  });
});
