import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../generator/pipeline.ts";
import { fixtureRoot, tempDir } from "../helpers/fixture-root.ts";
import { recordingPaths } from "../helpers/recording-paths.ts";
import { HOSTILE } from "./hostile-expected.ts";

/**
 * The hostile files that cannot sit in the repository as they are (too big, links, a folder, a
 * FIFO): made in a copy of the valid fixture event, each with the exact diagnostic it must produce.
 */
type Row = [file: string, line: number, column: number, rule: string, message: string];

async function diagnosticsOf(root: string): Promise<Row[]> {
  const result = await check({ root });
  expect(result.ok).toBe(false);
  return result.diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.message]);
}

const PROJECT = "title: Hostile\ntagline: One attack.\ndescription: x\nteam:\n  - name: Ada\n";

describe("hostile files", () => {
  it("refuses a 10 MB record by its size, before reading it", async () => {
    const root = await fixtureRoot();
    await writeFile(join(root, "records/projects/huge.yaml"), `title: ${"a".repeat(10 * 1024 * 1024)}\n`);
    expect(await diagnosticsOf(root)).toEqual([
      [
        "records/projects/huge.yaml",
        1,
        1,
        "file-size",
        "record must be at most 262144 bytes (found 10485768 bytes)",
      ],
    ]);
  });

  it("refuses a 100 KB line, before parsing", async () => {
    const root = await fixtureRoot();
    await writeFile(
      join(root, "records/projects/long-line.yaml"),
      `title: Long\ntagline: ${"x".repeat(100 * 1024)}\n`,
    );
    expect(await diagnosticsOf(root)).toEqual([
      [
        "records/projects/long-line.yaml",
        2,
        1,
        "line-length",
        "lines must be at most 32768 characters (found line 2 of 102409 characters)",
      ],
    ]);
  });

  it("refuses a record of more lines than any needs, before parsing", async () => {
    const root = await fixtureRoot();
    await writeFile(join(root, "records/teams/many-lines.yaml"), "x: 1\n".repeat(13_000));
    expect(await diagnosticsOf(root)).toEqual([
      [
        "records/teams/many-lines.yaml",
        1,
        1,
        "line-count",
        "a record must be at most 12000 lines (found 13000)",
      ],
    ]);
  });

  it("refuses links, a folder and a FIFO in place of records, and linked folders", async () => {
    const root = await fixtureRoot();
    const outside = await tempDir("outside-");
    await writeFile(join(outside, "secret.yaml"), PROJECT.replace("Hostile", "SECRET-OUTSIDE"));
    await mkdir(join(outside, "chapters"));
    await writeFile(join(outside, "chapters/10-secret.md"), "# SECRET-OUTSIDE\n");
    await symlink("/etc/passwd", join(root, "records/teams/passwd.yaml"));
    await symlink(join(outside, "secret.yaml"), join(root, "records/projects/outside.yaml"));
    await mkdir(join(root, "records/projects/folder.yaml"));
    execFileSync("mkfifo", [join(root, "records/projects/pipe.yaml")]);
    await symlink("/etc/passwd", join(root, "site/public/passwd.txt"));
    await mkdir(join(root, "site"), { recursive: true });
    await symlink(join(outside, "chapters"), join(root, "site/handbook"));
    expect(await diagnosticsOf(root)).toEqual([
      [
        "records/projects/folder.yaml",
        1,
        1,
        "file-type",
        "record must be a regular file (found a directory)",
      ],
      [
        "records/projects/outside.yaml",
        1,
        1,
        "file-type",
        "record must be a regular file (found a symbolic link)",
      ],
      [
        "records/projects/pipe.yaml",
        1,
        1,
        "file-type",
        "record must be a regular file (found a special file)",
      ],
      [
        "records/teams/passwd.yaml",
        1,
        1,
        "file-type",
        "record must be a regular file (found a symbolic link)",
      ],
      [
        "site/handbook",
        1,
        1,
        "file-type",
        "site/handbook must be a folder of the repository (found a symbolic link)",
      ],
      [
        "site/public/passwd.txt",
        1,
        1,
        "file-type",
        "site files must be regular files (found a symbolic link)",
      ],
    ]);
  });

  it("refuses a records folder that is a link to a folder outside", async () => {
    const root = await fixtureRoot();
    const outside = await tempDir("outside-");
    await writeFile(join(outside, "secret.yaml"), PROJECT);
    await rm(join(root, "records/projects"), { recursive: true });
    await symlink(outside, join(root, "records/projects"));
    expect(await diagnosticsOf(root)).toEqual([
      [
        "records/projects",
        1,
        1,
        "file-type",
        "records/projects must be a folder of the repository (found a symbolic link)",
      ],
      // Without its projects the fixture's team link no longer matters; nothing else is said.
    ]);
  });

  it("never opens, lists or stats a path outside records/, site/ and the issue forms, whatever the corpus points at", async () => {
    const root = await fixtureRoot();
    const outside = await tempDir("outside-");
    await writeFile(join(outside, "secret.yaml"), PROJECT);
    await symlink("/etc/passwd", join(root, "records/teams/passwd.yaml"));
    await symlink(join(outside, "secret.yaml"), join(root, "records/projects/outside.yaml"));
    await symlink(outside, join(root, "site/handbook-link"));
    await symlink("/etc", join(root, "site/public/etc"));
    await writeFile(
      join(root, "records/projects/escaping-images.yaml"),
      `${PROJECT}images:\n  - ../../../../etc/passwd\n  - /etc/passwd\n  - images/%2e%2e/%2e%2e/x.png\n  - etc/passwd\n`,
    );
    // And the whole committed corpus beside them.
    for (const kind of ["teams", "projects"])
      for (const name of await readdir(join(HOSTILE, kind)))
        await cp(join(HOSTILE, kind, name), join(root, "records", kind, name));
    const touched = await recordingPaths(() => check({ root }));
    // The forms' folder is looked at step by step (.github, then its ISSUE_TEMPLATE) and never followed.
    const allowed = [join(root, "records"), join(root, "site"), join(root, ".github")];
    const strays = touched.filter(
      (path) => !allowed.some((folder) => path === folder || path.startsWith(`${folder}/`)),
    );
    expect(strays).toEqual([]);
    expect(touched.length).toBeGreaterThan(5);
    expect(touched.some((path) => path.startsWith("/etc") || path.startsWith(outside))).toBe(false);
  });
});
