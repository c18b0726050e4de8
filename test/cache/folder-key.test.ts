import { mkdir, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderKey, keyAhead } from "../../generator/cache/folder-key.ts";
import { EditionOutputs } from "../../generator/edition-outputs.ts";
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
});

describe("keyAhead", () => {
  it("keys each folder in a worker as folderKey does, and gives undefined for one it cannot", async () => {
    const [a, b] = [await folder(), await folder()];
    await writeFile(join(b, "extra.txt"), "more");
    const missing = join(await tempDir(), "nothing-here");
    const keys = keyAhead([
      { folder: a, prefix: "p" },
      { folder: b, prefix: "p" },
      { folder: missing, prefix: "p" },
    ]);
    expect(await keys.get(a)).toEqual({ key: folderKey(a, "p") });
    expect(await keys.get(b)).toEqual({ key: folderKey(b, "p") });
    expect(await keys.get(missing)).toBeUndefined();
  });

  it("is what an edition's key is taken from, for the URL it was started with only", async () => {
    const dir = await folder();
    const root = join(dir, "../..");
    const outputs = EditionOutputs.open(root, "salt");
    outputs.keyAhead(root, "https://series.example/", {});
    const url = "https://series.example/2026/";
    // Nothing kept for it yet: the check after the key says no.
    expect(await outputs.keyOf(dir, url, {})).toEqual({ key: outputs.key(dir, url, {}), checked: false });
    const other = "https://other.example/2026/";
    expect(await outputs.keyOf(dir, other, {})).toEqual({ key: outputs.key(dir, other, {}) });
    expect(outputs.key(dir, other, {})).not.toBe(outputs.key(dir, url, {}));
  });

  it("then runs the check on the key's folder in the worker, a throw being false", async () => {
    const [a, b] = [await folder(), await folder()];
    const then = await tempDir();
    const keys = keyAhead(
      [
        { folder: a, prefix: "p", then },
        { folder: b, prefix: "p", then: join(then, "missing") },
      ],
      (dir, uses) => uses.statSync(dir).isDirectory() && uses.readdirSync(dir).length === 0,
    );
    // The check ran in the worker with the key's folder: `then`/<key> does not exist, so it threw.
    expect(await keys.get(a)).toEqual({ key: folderKey(a, "p"), checked: false });
    expect(await keys.get(b)).toEqual({ key: folderKey(b, "p"), checked: false });
    await mkdir(join(then, folderKey(a, "p")));
    const again = keyAhead([{ folder: a, prefix: "p", then }], (dir, uses) =>
      uses.statSync(dir).isDirectory(),
    );
    expect(await again.get(a)).toEqual({ key: folderKey(a, "p"), checked: true });
  });
});
