import { describe, expect, it } from "vitest";
import { benchReport } from "../../generator/bench/bench-report.ts";
import { BENCH_JUDGES, tallyFigures } from "../../generator/bench/tally-figures.ts";

describe("the tally's bench row", () => {
  it("times a tally of 200 judges' valid files, and reports it as a row after the main table", () => {
    const { ms, files, bytes } = tallyFigures(300, 1);
    expect([files, BENCH_JUDGES]).toEqual([200, 200]);
    expect(ms).toBeGreaterThan(0);
    expect(bytes).toBeGreaterThan(300 * 3 * 60);
    const lines = benchReport({
      at: "10,000 + 10,000",
      runs: 1,
      setting: "",
      diskName: "disk",
      hugoServer: "hugo server",
      tmpfs: {},
      disk: {},
      peakKiB: 0,
      searchLines: [],
      writtenAfterOne: [],
      sizes: [],
      tally: { ms: 163.4, projects: 10_000, judges: 200, bytes: 2_595_960 },
    });
    expect(lines).toContain(
      "| npm run tally, checking 200 judges' files (2.6 MB) to every prize's ranking, at 10,000 projects | 163 ms |  |  |  |  |",
    );
  });
});
