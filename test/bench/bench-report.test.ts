import { describe, expect, it } from "vitest";
import { benchReport, type BenchResults } from "../../generator/bench/bench-report.ts";

const pair = (a: number, b: number) => ({ a, b, as: [a], bs: [b] });
const results: BenchResults = {
  at: "10,000 + 10,000",
  runs: 5,
  setting: "a quiet machine",
  diskName: "disk (ext4)",
  hugoServer: "hugo server (fast render)",
  tmpfs: { clean: pair(500, 1000), publish: pair(650, 1000), one: pair(300, 1000) },
  disk: { clean: pair(900, 1500) },
  warnings: pair(1050, 1000),
  peakKiB: 401 * 1024,
  dev: { main: pair(900, 1500), small: pair(250, 300) },
  searchLines: [],
  writtenAfterOne: [12, 14, 12],
  sizes: ["| page | size | limit |"],
};
/** The figure column of each table row. */
const figures = (lines: string[]) =>
  lines
    .filter(
      (l) =>
        l.startsWith("| ") && !l.startsWith("| ---") && !l.startsWith("| figure") && !l.startsWith("| page"),
    )
    .map((l) => l.split(" | ")[0]!.slice(2));

describe("the benchmark's report", () => {
  it("lists issue 40's table in its order, each tmpfs pair with its disk pair beside it", () => {
    expect(figures(benchReport(results))).toEqual([
      "clean build / Hugo, tmpfs",
      "clean build / Hugo, disk (ext4)",
      "Publish's build (one record changed, record cache restored, new folder) / Hugo, tmpfs",
      "Publish's build (one record changed, record cache restored, new folder) / Hugo, disk (ext4)",
      "one record changed, cache warm, same output folder / Hugo, tmpfs",
      "one record changed, cache warm, same output folder / Hugo, disk (ext4)",
      "70 % warnings / the 10 % (realistic) event",
      "Publish's build with one archived edition the size of the current one / without it",
      "peak memory at 10,000 + 10,000 (highest build: clean, first with a cache, one record, Publish's)",
      "npm run dev, save to page replaced, at 10,000 + 10,000 / hugo server (fast render)",
      "npm run dev, save to page replaced, at 1,000 + 1,000 / hugo server (fast render)",
      "first search at 10,000 projects, transferred (gzip, as Pages serves it)",
      "search, first results in Chromium with 4× CPU throttling",
      "search index build / clean build",
      "files written by a one-record build (the most of any run)",
    ]);
  });

  it("gives ours, the other, the ratio, the goal and whether it holds; says what was not run", () => {
    const lines = benchReport(results);
    const row = (start: string) => lines.find((l) => l.startsWith(`| ${start}`));
    expect(row("clean build / Hugo, tmpfs")).toBe(
      "| clean build / Hugo, tmpfs | 500 ms | 1000 ms | 0.50× | ≤ 0.9× (stretch 0.8×) | yes |",
    );
    expect(row("Publish's build")).toContain("| 650 ms | 1000 ms | 0.65× | ≤ 0.6× (stretch 0.5×) | **no** |");
    expect(row("one record changed, cache warm, same output folder / Hugo, tmpfs")).toContain(
      "| 0.30× | beside |",
    );
    expect(row("one record changed, cache warm, same output folder / Hugo, disk")).toContain(
      "| not run: not in this run's parts (no --all, --only, or no --hugo) |",
    );
    expect(row("peak memory")).toBe(
      "| peak memory at 10,000 + 10,000 (highest build: clean, first with a cache, one record, Publish's) | 401 MiB |  |  | ≤ 400 MiB | **no** |",
    );
    // A dev figure's goal is its time; Hugo's server is beside it.
    expect(row("npm run dev, save to page replaced, at 10,000")).toContain(
      "| 900 ms | 1500 ms | 0.60× | ≤ 1 s (stretch: below Hugo's server) | yes |",
    );
    expect(row("npm run dev, save to page replaced, at 1,000")).toContain(
      "| 250 ms | 300 ms | 0.83× | ≤ 200 ms | **no** |",
    );
    expect(row("files written")).toContain("| 14 |  |  | ≤ 30 | yes |");
    expect(row("Publish's build with one archived edition")).toContain("| not run: not in this run's parts");
    expect(
      benchReport({ ...results, editions: pair(1120, 1000) }).find((l) => l.includes("archived edition")),
    ).toContain("| 1120 ms | 1000 ms | 1.12× | ≤ 1.15× | yes |");
  });

  it("puts search-figures.ts's lines where the search rows stand", () => {
    const search = "| first search at 10,000 projects | 150 KB |  |  | ≤ 300 KB | yes |";
    const lines = benchReport({ ...results, searchLines: [search] });
    expect(lines.indexOf(search)).toBe(
      lines.findIndex((l) => l.startsWith("| npm run dev, save to page replaced, at 1,000")) + 1,
    );
    expect(lines.join("\n")).not.toContain("search-figures.ts not wired in");
  });
});
