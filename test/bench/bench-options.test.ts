import { describe, expect, it } from "vitest";
import { benchOptions, PARTS } from "../../generator/bench/bench-options.ts";

describe("the benchmark's options", () => {
  it("run the issue's table on tmpfs by default (within 10 minutes), every part with --all", () => {
    const table = ["clean", "one", "warnings", "dev", "sizes"];
    expect([...benchOptions([]).parts]).toEqual(table);
    expect([...benchOptions(["--quick"]).parts]).toEqual(table);
    expect([...benchOptions(["--all"]).parts]).toEqual(Object.keys(PARTS));
    expect(Object.keys(PARTS)).toEqual(expect.arrayContaining(["disk", "install", "hour-after", "suite"]));
    expect([...benchOptions(["--only", "dev, disk"]).parts]).toEqual(["dev", "disk"]);
  });

  it("refuse a part that does not exist, naming those that do", () => {
    expect(() => benchOptions(["--only", "dev,search"])).toThrow(
      "--only: no part named search; the parts are clean, one, warnings, dev, disk, reader, sizes, install",
    );
    expect(() => benchOptions(["--quick", "--only", "dev"])).toThrow("give one of --quick, --all and --only");
    expect(() => benchOptions(["--all", "--only", "dev"])).toThrow("give one of --quick, --all and --only");
  });

  it("refuse sizes and runs that are not whole numbers, and an event too small to edit", () => {
    expect(() => benchOptions(["--runs", "0"])).toThrow("--runs must be a whole number ≥ 1 (found 0)");
    expect(() => benchOptions(["--teams", "1e3x"])).toThrow(
      "--teams must be a whole number ≥ 1 (found 1e3x)",
    );
    expect(() => benchOptions(["--projects", "50"])).toThrow(
      "--projects must be a whole number ≥ 100 (found 50)",
    );
    expect(benchOptions(["--teams", "1000", "--projects", "1000", "--runs", "1"])).toMatchObject({
      size: { teams: 1000, projects: 1000 },
      runs: 1,
      hugoFullRender: false,
    });
  });
});
