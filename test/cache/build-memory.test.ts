import { describe, expect, it } from "vitest";
import { BuildMemory } from "../../generator/cache/build-memory.ts";
import type { RecordFile } from "../../generator/load/record-file.ts";

const record = (file: string): RecordFile => ({ kind: "team", file, slug: "a", data: { name: file } });
const remembered = (...files: string[]) => {
  const memory = new BuildMemory();
  memory.keep(new Map(files.map((file) => [file, { record: record(file), diagnostics: [] }])));
  return memory;
};

describe("the previous build's records in memory (npm run dev)", () => {
  it("hands back a record not saved since, as the same object, and none for a file saved since", () => {
    const memory = remembered("records/teams/a.yaml", "records/teams/b.yaml");
    const before = memory.recall("records/teams/a.yaml");
    memory.saw(["records/teams/b.yaml"]);
    expect(memory.recall("records/teams/a.yaml")).toBe(before);
    expect(memory.recall("records/teams/b.yaml")).toBeUndefined();
  });

  it("reads again every file under a folder that was saved (moved or replaced whole)", () => {
    const memory = remembered("records/teams/a.yaml", "records/projects/p.yaml");
    memory.saw(["records/teams"]);
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
    expect(memory.recall("records/projects/p.yaml")).toBeDefined();
    memory.saw(["records"]);
    expect(memory.recall("records/projects/p.yaml")).toBeUndefined();
  });

  it("reads everything again after a change the system named no file for, and before its first build", () => {
    expect(new BuildMemory().recall("records/teams/a.yaml")).toBeUndefined();
    const memory = remembered("records/teams/a.yaml");
    memory.saw([undefined]);
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
  });

  it("lets go of files the last build did not list, and of the saves it has read", () => {
    const memory = remembered("records/teams/a.yaml");
    memory.saw(["records/teams/a.yaml"]);
    memory.keep(
      new Map([["records/teams/b.yaml", { record: record("records/teams/b.yaml"), diagnostics: [] }]]),
    );
    expect(memory.recall("records/teams/a.yaml")).toBeUndefined();
    expect(memory.recall("records/teams/b.yaml")?.record.file).toBe("records/teams/b.yaml");
  });
});
