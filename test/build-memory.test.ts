import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BuildMemory } from "../generator/build-memory.ts";
import { checkRecordFile } from "../generator/validate/check-record.ts";
import { tempDir } from "./helpers/fixture-root.ts";

/** A root holding `files`, each a team record as read (its time on disk with it), kept as one build's. */
async function remembered(...files: string[]) {
  const root = await tempDir();
  const memory = new BuildMemory();
  memory.keep(new Map(await Promise.all(files.map(async (file) => [file, await read(root, file)] as const))));
  return { root, memory };
}
async function read(root: string, file: string) {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), `name: ${file}\n`);
  return { record: checkRecordFile(root, { kind: "team", file }, [])!, diagnostics: [] };
}

describe("the previous build's records in memory (npm run dev)", () => {
  it("hands back a record not saved since, as the same object, and none for a file saved since", async () => {
    const { memory } = await remembered("records/teams/a.yaml", "records/teams/b.yaml");
    const before = memory.recall("records/teams/a.yaml");
    memory.saw(["records/teams/b.yaml"]);
    expect(memory.recall("records/teams/a.yaml")).toBe(before);
    expect(memory.recall("records/teams/b.yaml")).toBeUndefined();
  });

  it("reads again every file under a folder that was saved (moved or replaced whole)", async () => {
    const { memory } = await remembered("records/teams/a.yaml", "records/projects/p.yaml");
    memory.saw(["records/teams"]);
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
    expect(memory.recall("records/projects/p.yaml")).toBeDefined();
    memory.saw(["records"]);
    expect(memory.recall("records/projects/p.yaml")).toBeUndefined();
  });

  it("tells a folder saved from one whose name it begins, whether a save names few paths or many", async () => {
    const files = [
      "records/teams/a.yaml",
      "records/team",
      "records/teams-old/b.yaml",
      "records/teams/ab.yaml",
    ];
    for (const others of [0, 20]) {
      const { memory } = await remembered(...files.filter((file) => file.endsWith(".yaml")));
      // Many paths named at once (a checkout) are looked up a folder at a time, with the same answers.
      memory.saw(["records/team", "records/teams/a", ...Array.from({ length: others }, (_, i) => `x/${i}`)]);
      expect(memory.recall("records/teams/a.yaml")).toBeDefined();
      expect(memory.recall("records/teams-old/b.yaml")).toBeDefined();
      expect(memory.recall("records/teams/ab.yaml")).toBeDefined();
      memory.saw(["records/teams-old"]);
      expect(memory.recall("records/teams-old/b.yaml")).toBeUndefined();
      expect(memory.recall("records/teams/a.yaml")).toBeDefined();
    }
  });

  it("reads everything again after a change the system named no file for, and before its first build", async () => {
    expect(new BuildMemory().recall("records/teams/a.yaml")).toBeUndefined();
    const { memory } = await remembered("records/teams/a.yaml");
    memory.saw([undefined]);
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
  });

  it("lets go of files the last build did not list, and of the saves it has read", async () => {
    const { root, memory } = await remembered("records/teams/a.yaml");
    memory.saw(["records/teams/a.yaml"]);
    memory.keep(new Map([["records/teams/b.yaml", await read(root, "records/teams/b.yaml")]]));
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
    expect(memory.recall("records/teams/b.yaml")?.record.file).toBe("records/teams/b.yaml");
  });

  it("finds, once the build is done, a file changed on disk that no save named (an event the system dropped)", async () => {
    const { root, memory } = await remembered(
      "records/teams/a.yaml",
      "records/teams/b.yaml",
      "records/teams/c.yaml",
    );
    expect(await memory.missed(root)).toEqual([]);
    const before = memory.recall("records/teams/a.yaml")!.record;
    // A checkout rewrote it while the watcher's queue overflowed: nothing was named.
    await writeFile(join(root, "records/teams/a.yaml"), "name: B\n");
    await utimes(join(root, "records/teams/a.yaml"), new Date(), new Date(before.modifiedMs! + 5_000));
    // Removed: read again, so the build says it is gone.
    await rm(join(root, "records/teams/b.yaml"));
    expect(await memory.missed(root, 1)).toEqual(["records/teams/a.yaml", "records/teams/b.yaml"]);
    // Once named, the next build reads them again.
    memory.saw(["records/teams/a.yaml", "records/teams/b.yaml"]);
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
    expect(await memory.missed(root)).toEqual([]);
  });

  it("stops looking when a build begins meanwhile: that build's records are looked at after it", async () => {
    const { root, memory } = await remembered("records/teams/a.yaml", "records/teams/b.yaml");
    await rm(join(root, "records/teams/b.yaml"));
    const looking = memory.missed(root, 1);
    memory.begin();
    expect(await looking).toBeUndefined();
    expect(await memory.missed(root, 1)).toEqual(["records/teams/b.yaml"]);
  });
});
