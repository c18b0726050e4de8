import { describe, expect, it } from "vitest";
import { formatReport, type SizeFigures } from "../../generator/bench/report.ts";

const size = (teams: number, walls: number[]): SizeFigures => ({
  teams,
  projects: teams,
  builds: walls.map((wall) => ({
    wall,
    milliseconds: wall - 100,
    times: { load: 300, validate: 100, derive: 20, render: 400, write: 200 },
    files: 2 * teams + 39,
    bytes: 13_500_000,
    records: 2 * teams + 1,
    maxRssKiB: wall * 100,
  })),
  validates: [300, 280, 320],
  dev: { full: 500, rebuilds: [{ milliseconds: 20, rendered: 36, written: 5 }] },
});

describe("formatReport", () => {
  it("prints the medians of each size side by side with the targets", () => {
    const report = formatReport([size(1000, [600, 500, 550]), size(10000, [1900, 1700, 1800])]).split("\n");
    expect(report[0]).toMatch(/^\s+1,000 \+ 1,000\s+10,000 \+ 10,000\s+target$/);
    expect(report.find((line) => line.startsWith("clean build"))).toMatch(/550 ms\s+1,800 ms\s+≤ 2,000 ms$/);
    expect(report.find((line) => line.startsWith("peak memory"))).toMatch(/54 MiB\s+176 MiB\s+≤ 256 MiB$/);
    expect(report.find((line) => line.startsWith("npm run validate"))).toMatch(
      /300 ms\s+300 ms\s+≤ 1,000 ms$/,
    );
    expect(report.at(-1)).toBe(
      "Medians of 3 runs. * summed over threads, so with workers more than the wall time.",
    );
  });

  it("prints the server's figures with a word on what autocannon's compressed figure measures", () => {
    const load = [
      { name: "api/projects.json", ours: 70, plain: 60, oursNode: 220, plainNode: 150, failures: 0 },
    ];
    const report = formatReport([size(1000, [500])], load).split("\n");
    const row = report.find((line) => line.startsWith("api/projects.json"));
    expect(row?.split(/\s{2,}/)).toEqual(["api/projects.json", "70", "60", "220", "150", "0"]);
    expect(report.slice(-3).join(" ")).toBe(
      "sirv sends each file as it is; ours sends brotli to a client that accepts it. autocannon reads a binary body far slower than a text one, whoever sends it, so for a compressed body its figure measures autocannon; Node's client measures the server.",
    );
  });
});
