import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { missingFromArchive } from "../../generator/publish/check-pages-artifact.ts";
import { tempDir } from "../helpers/fixture-root.ts";

// GNU tar lists a name it cannot print in the locale escaped (`caf\303\251.png` in C): on a runner
// with no UTF-8 locale (a self-hosted one; GitHub's set LANG=C.UTF-8) Publish's check called every
// public file with a non-ASCII name missing and stopped (R9 review).
describe("Publish's check of the package, whatever the runner's locale", () => {
  const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it.each(["C", "C.UTF-8"])(
    "finds names with any printable character in the package, LC_ALL=%s",
    async (locale) => {
      process.env.LC_ALL = locale;
      const dist = join(await tempDir(), "dist");
      await mkdir(join(dist, "naïve"), { recursive: true });
      const names = ["café.png", "naïve/日本.txt", "q?#%.txt", "dot.", "space ", "a\\b", "ς σ.txt"];
      for (const name of names) await writeFile(join(dist, name), "x");
      const archive = join(dist, "..", "artifact.tar");
      execFileSync("tar", ["--directory", dist, "-cf", archive, "."]);
      expect(await missingFromArchive(archive, dist)).toEqual([]);
    },
  );
});
