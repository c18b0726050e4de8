import { mkdir, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderKey } from "../../generator/cache/folder-key.ts";
import { tempDir } from "../helpers/fixture-root.ts";

async function folder(): Promise<string> {
  const dir = join(await tempDir(), "editions/2026");
  await mkdir(join(dir, "records/teams"), { recursive: true });
  await writeFile(join(dir, "edition.json"), "{}\n");
  await writeFile(join(dir, "records/teams/a.yaml"), "name: A\n");
  return dir;
}

describe("folderKey", () => {
  it("changes with the prefix, any byte, a file's name, a new file; a link keys as a link", async () => {
    const dir = await folder();
    const first = folderKey(dir, "p");
    expect(folderKey(dir, "p")).toBe(first);
    expect(folderKey(dir, "q")).not.toBe(first);
    const keys = new Set([first]);
    await writeFile(join(dir, "records/teams/a.yaml"), "name: B\n");
    keys.add(folderKey(dir, "p"));
    await rename(join(dir, "records/teams/a.yaml"), join(dir, "records/teams/b.yaml"));
    keys.add(folderKey(dir, "p"));
    await writeFile(join(dir, "records/teams/c.yaml"), "");
    keys.add(folderKey(dir, "p"));
    // A link to the same bytes is not the file: the build refuses links, and the key never follows one.
    await symlink(join(dir, "records/teams/b.yaml"), join(dir, "records/teams/d.yaml"));
    keys.add(folderKey(dir, "p"));
    expect(keys.size).toBe(5);
  });

  it("keys two folders apart when one file's bytes read as the next file's header (no framing collision)", async () => {
    // `a` empty and `b` holding "X", against `a` holding what b's header and bytes were: a stream of
    // path and bytes without each file's length reads the same for both (an edition's binary file
    // under site/public/ can hold any bytes), and the kept pages of one would be published for the other.
    const [one, two] = [join(await tempDir(), "one"), join(await tempDir(), "two")];
    await mkdir(one, { recursive: true });
    await mkdir(two, { recursive: true });
    await writeFile(join(one, "a"), "");
    await writeFile(join(one, "b"), "X");
    await writeFile(join(two, "a"), "\0b\0f\0X");
    expect(folderKey(two, "p")).not.toBe(folderKey(one, "p"));
  });

  it("is the same however the folder is named (a trailing slash, a `..`), and names nested files whole", async () => {
    const dir = await folder();
    const key = folderKey(dir, "p");
    expect(folderKey(`${dir}/`, "p")).toBe(key);
    expect(folderKey(`${dir}/records/../`, "p")).toBe(key);
    // Moving a file one folder up is another key: its path is part of it, not only its name.
    await rename(join(dir, "records/teams/a.yaml"), join(dir, "records/a.yaml"));
    expect(folderKey(dir, "p")).not.toBe(key);
  });
});
