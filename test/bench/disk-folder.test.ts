import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diskFolder, fileSystemType } from "../../generator/bench/disk-folder.ts";
import { tempDir } from "../helpers/fixture-root.ts";

describe("the benchmark's disk folder", () => {
  it.runIf(existsSync("/dev/shm") && fileSystemType("/dev/shm") === "tmpfs")(
    "refuses a folder in memory, which would measure tmpfs under the disk's name",
    () => {
      expect(() => diskFolder("/dev/shm")).toThrow(
        "the disk figures need a folder on a disk, found only /dev/shm (tmpfs) in memory: give --disk DIR on a disk (df -T DIR shows its type)",
      );
    },
  );

  it("takes a folder given on a disk, naming its file system", async () => {
    const folder = await tempDir();
    const type = fileSystemType(folder);
    expect(type).toMatch(/^\w[\w/]*$/);
    if (type !== "tmpfs") expect(diskFolder(folder)).toEqual({ folder, type });
  });
});
