import type { LoadFigures } from "./load-test.ts";

export interface BuildRun {
  wall: number;
  milliseconds: number;
  times: Record<"load" | "validate" | "derive" | "render" | "write", number>;
  files: number;
  bytes: number;
  records: number;
  maxRssKiB: number;
}

export interface SizeFigures {
  teams: number;
  projects: number;
  builds: BuildRun[];
  validates: number[];
  dev: { full: number; rebuilds: Array<{ milliseconds: number; rendered: number; written: number }> };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
const mib = (kib: number) => `${Math.round(kib / 1024)} MiB`;
const num = (value: number) => Math.round(value).toLocaleString("en");

/** The benchmark's table: one column per size, medians over the runs, the targets beside them. */
export function formatReport(sizes: SizeFigures[], load?: LoadFigures): string {
  const rows: Array<[string, (s: SizeFigures) => string, string]> = [
    ["records", (s) => num(s.builds[0]!.records), ""],
    ["clean build, process wall time", (s) => ms(median(s.builds.map((b) => b.wall))), "≤ 2,000 ms"],
    ["  build() itself", (s) => ms(median(s.builds.map((b) => b.milliseconds))), ""],
    ["  load (read + parse)*", (s) => ms(median(s.builds.map((b) => b.times.load))), ""],
    ["  validate (schema + rules)*", (s) => ms(median(s.builds.map((b) => b.times.validate))), ""],
    ["  derive", (s) => ms(median(s.builds.map((b) => b.times.derive))), ""],
    ["  render*", (s) => ms(median(s.builds.map((b) => b.times.render))), ""],
    ["  write*", (s) => ms(median(s.builds.map((b) => b.times.write))), ""],
    ["peak memory (max RSS)", (s) => mib(median(s.builds.map((b) => b.maxRssKiB))), "≤ 256 MiB"],
    ["files written", (s) => num(s.builds[0]!.files), ""],
    ["bytes written", (s) => `${(s.builds[0]!.bytes / 1e6).toFixed(1)} MB`, ""],
    [
      "wall time per record",
      (s) => `${Math.round((median(s.builds.map((b) => b.wall)) * 1000) / s.builds[0]!.records)} µs`,
      "",
    ],
    ["npm run validate, process wall time", (s) => ms(median(s.validates)), "≤ 1,000 ms"],
    [
      "dev rebuild after one project changes",
      (s) => ms(median(s.dev.rebuilds.map((r) => r.milliseconds))),
      "≤ 150 ms",
    ],
    [
      "  documents rendered, files written",
      (s) =>
        `${num(median(s.dev.rebuilds.map((r) => r.rendered)))}, ${num(median(s.dev.rebuilds.map((r) => r.written)))}`,
      "",
    ],
  ];
  const headers = ["", ...sizes.map((s) => `${num(s.teams)} + ${num(s.projects)}`), "target"];
  const table = [headers, ...rows.map(([label, cell, target]) => [label, ...sizes.map(cell), target])];
  const widths = headers.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const lines = table.map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "),
  );
  lines.push(
    `Medians of ${sizes[0]?.builds.length} runs. * summed over threads, so with workers more than the wall time.`,
  );
  if (load) {
    lines.push(
      "",
      "Local server on 127.0.0.1, 10 connections, requests per second: autocannon, then Node's own keep-alive client:",
    );
    const w = Math.max(...load.map((r) => r.name.length));
    const heads = ["ours", "sirv", "ours (node)", "sirv (node)"];
    lines.push(`${"".padEnd(w)}  ${heads.map((h) => h.padStart(11)).join("  ")}  failures`);
    for (const r of load) {
      const cells = [r.ours, r.plain, r.oursNode, r.plainNode].map((n) => num(n).padStart(11));
      lines.push(`${r.name.padEnd(w)}  ${cells.join("  ")}  ${r.failures}`);
    }
    lines.push(
      "sirv sends each file as it is; ours sends brotli to a client that accepts it. autocannon reads a binary",
      "body far slower than a text one, whoever sends it, so for a compressed body its figure measures",
      "autocannon; Node's client measures the server.",
    );
  }
  return lines.join("\n");
}
