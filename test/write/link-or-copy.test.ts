import { existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linkOrCopy } from "../../generator/write/link-or-copy.ts";
import { writeSite } from "../../generator/write/write-site.ts";
import { tempDir } from "../helpers/fixture-root.ts";

describe("linkOrCopy", () => {
  it("links the file where the file system allows it: one file, two names", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "kept.html"), "kept");
    const links = { off: false };
    linkOrCopy(join(dir, "kept.html"), join(dir, "site.html"), links);
    expect((await stat(join(dir, "site.html"))).ino).toBe((await stat(join(dir, "kept.html"))).ino);
    expect(links.off).toBe(false);
  });

  // Another file system than the temporary folder's: tmpfs beside a disk, or the disk's /tmp where
  // the suite's folders are on tmpfs (vitest.config.ts), as on Linux and GitHub's runners.
  const device = statSync(tmpdir()).dev;
  const elsewhere = ["/dev/shm", "/tmp", "/var/tmp"].find((f) => existsSync(f) && statSync(f).dev !== device);
  it.skipIf(!elsewhere)("copies across file systems, and stops asking to link", async () => {
    const dir = await tempDir();
    const other = await mkdtemp(join(elsewhere!, "registry-"));
    try {
      await writeFile(join(other, "kept.html"), "kept");
      const links = { off: false };
      linkOrCopy(join(other, "kept.html"), join(dir, "site.html"), links);
      expect(await readFile(join(dir, "site.html"), "utf8")).toBe("kept");
      expect((await stat(join(dir, "site.html"))).ino).not.toBe((await stat(join(other, "kept.html"))).ino);
      expect(links.off).toBe(true);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("fails as a copy would for a file that is not there", async () => {
    const dir = await tempDir();
    expect(() => linkOrCopy(join(dir, "missing"), join(dir, "to"), { off: false })).toThrow(/ENOENT/);
    expect(() => linkOrCopy(join(dir, "missing"), join(dir, "to"), { off: true })).toThrow(/ENOENT/);
  });
});

describe("writeSite with kept files", () => {
  it("links a kept file and copies a checkout's; an update leaves a kept file already linked alone", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "kept.html"), "kept page");
    await writeFile(join(dir, "logo.svg"), "<svg/>");
    const out = join(dir, "dist");
    const assets = [
      { path: "2026/index.html", source: join(dir, "kept.html"), kept: { size: 9 } },
      { path: "images/logo.svg", source: join(dir, "logo.svg") },
    ];
    expect((await writeSite(out, [], assets)).written).toBe(2);
    const ino = async (path: string) => (await stat(path)).ino;
    expect(await ino(join(out, "2026/index.html"))).toBe(await ino(join(dir, "kept.html")));
    // A file of the checkout is never shared with the site: editing one would change the other.
    expect(await ino(join(out, "images/logo.svg"))).not.toBe(await ino(join(dir, "logo.svg")));
    const again = await writeSite(out, [], assets);
    expect([again.files, again.written, again.removed]).toEqual([2, 0, 0]);
    expect(await ino(join(out, "2026/index.html"))).toBe(await ino(join(dir, "kept.html")));
  });
});
