import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeSite } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { readTree } from "../helpers/read-tree.ts";

/**
 * A path whose staged file fits Linux's 4,096-byte limit on a path but whose set-aside copy
 * (`…/previous/…`, four bytes longer than `…/site/…`) does not: the one step of putting files in
 * place a site's paths can still make fail (the writer clears what is in the way: in-the-way.ts).
 */
function tooLongToSetAside(out: string): string {
  const staging = join(dirname(out), `.dist.staging-${process.pid}-${Date.now().toString(36)}`);
  let left = 4093 - `${staging}/site/`.length;
  const segments: string[] = [];
  while (left > 0) {
    const length = Math.min(200, left);
    segments.push("x".repeat(length));
    left -= length + 1;
  }
  return segments.join("/");
}

describe("an update in place that fails half-way", () => {
  it("undoes what it had put in place and set aside, so the folder is as it was", async () => {
    const out = join(await tempDir(), "dist");
    const long = tooLongToSetAside(out);
    const site = (news: string) => [
      { path: "index.html", body: `home ${news}` },
      { path: "a/b", body: "in the way of a file" },
      { path: long, body: `long ${news}` },
    ];
    await writeSite(out, site("old"));
    const before = await readTree(out);
    // index.html replaced, a/b set aside and its folder removed for the file a, then the long path fails.
    const changed = [
      { path: "index.html", body: "home new" },
      { path: "a", body: "a file" },
      { path: long, body: "long new" },
    ];
    await expect(writeSite(out, changed)).rejects.toThrow("ENAMETOOLONG");
    expect(await readTree(out)).toEqual(before);
    expect(await readdir(join(out, ".."))).toEqual(["dist"]);
  });
});
