import { execFileSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GitFailed } from "../../generator/load/git-answer.ts";
import { tablesAtSeed } from "../../generator/load/tables-at-seed.ts";
import { tempDir } from "../helpers/fixture-root.ts";

/** A repository with the seed set beside projects `a` (plain), `b` (power) and `c` (an alias). */
async function seeded() {
  const root = await tempDir("tables-at-seed-");
  await mkdir(join(root, "records/projects"), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], { cwd: root });
  const write = (slug: string, text: string) => writeFile(join(root, `records/projects/${slug}.yaml`), text);
  git("init", "-q", "-b", "main");
  await writeFile(join(root, "records/event.yaml"), "name: Sprint\njudging:\n  seed: spring-tide-42\n");
  await write("a", "title: A\ntrack: sim\n");
  await write("b", "title: B\nneeds: [power]\n");
  // The build refuses aliases in a record; the yaml package alone reads through them.
  await write("c", "title: &t C\ntrack: hardware\nneeds: [power]\nalso: *t\n");
  git("add", "-A");
  git("commit", "-qm", "seed");
  return { root, write };
}

describe("each changed project's track and needs at the seed", () => {
  it("are read for the projects changed since, committed or not, as the build reads a record", async () => {
    const { root, write } = await seeded();
    await write("a", "title: A\ntrack: hardware\nneeds: [power, large]\n");
    await write("b", "title: B\n");
    await write("c", "title: C\n");
    expect(await tablesAtSeed(root, "spring-tide-42")).toEqual(
      new Map([
        ["a", { track: "sim", needs: [] }],
        ["b", { track: null, needs: ["power"] }],
        // Refused then as now, so no build at the seed placed it: handed out as it is today.
      ]),
    );
  });

  it("are none without a seed, or for another seed", async () => {
    const { root, write } = await seeded();
    await write("a", "title: A\n");
    expect(await tablesAtSeed(root, null)).toEqual(new Map());
    expect(await tablesAtSeed(root, "another")).toEqual(new Map());
  });

  it("are not read from a version the loader refuses unread (not UTF-8, too many lines, too large)", async () => {
    // The build refused each of these at the seed before parsing it (read-record-file.ts), so no
    // build then gave it a table: read here, it would be handed out as placed at the seed.
    const root = await tempDir("tables-at-seed-");
    await mkdir(join(root, "records/projects"), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], { cwd: root });
    const write = (slug: string, text: string | Buffer) =>
      writeFile(join(root, `records/projects/${slug}.yaml`), text);
    git("init", "-q", "-b", "main");
    await writeFile(join(root, "records/event.yaml"), "name: Sprint\njudging:\n  seed: spring-tide-42\n");
    await write("a", "title: A\ntrack: sim\n");
    await write("d", Buffer.from("title: D\ntrack: sim\n# \xff\n", "latin1"));
    await write("e", `title: E\ntrack: sim\n${"#\n".repeat(12_001)}`);
    await write("f", `title: F\ntrack: sim\n# ${"x ".repeat(64 * 1024)}\n# ${"x ".repeat(64 * 1024)}\n`);
    git("add", "-A");
    git("commit", "-qm", "seed");
    for (const slug of ["a", "d", "e", "f"]) await write(slug, `title: ${slug}\n`);
    // `a` is read as before; the others were refused then as they would be now.
    expect(await tablesAtSeed(root, "spring-tide-42")).toEqual(new Map([["a", { track: "sim", needs: [] }]]));
  });

  it("are a GitFailed, not none, when git cannot read a changed project's version at the seed", async () => {
    const { root, write } = await seeded();
    const oid = execFileSync("git", ["rev-parse", "HEAD:records/projects/a.yaml"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    // A damaged clone: project a's version at the seed is gone from git's objects.
    await rm(join(root, ".git/objects", oid.slice(0, 2), oid.slice(2)));
    await write("a", "title: A\nneeds: [power]\n");
    // git diff itself cannot compare it now: whichever git command meets the hole, it is a failure.
    const read = tablesAtSeed(root, "spring-tide-42");
    await expect(read).rejects.toBeInstanceOf(GitFailed);
    await expect(read).rejects.toThrow(oid);
  });
});
