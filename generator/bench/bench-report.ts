import type { Pair } from "./paired.ts";
import { limitRow, notRun, ratioRow, table, valueRow, type Row } from "./report-table.ts";

/** What one run of the benchmark measured; a part it did not run is undefined. */
export interface BenchResults {
  /** "10,000 + 10,000", the event's size. */
  at: string;
  runs: number;
  /** One line naming the date, Node, Hugo and where the outputs were. */
  setting: string;
  /** "disk (ext4, /var/tmp)". */
  diskName: string;
  /** "hugo server (fast render)". */
  hugoServer: string;
  tmpfs: { clean?: Pair; one?: Pair; publish?: Pair };
  disk: { clean?: Pair; one?: Pair; publish?: Pair };
  warnings?: Pair;
  /** Publish's build with one archived edition the size of the current one / without (issue 57). */
  editions?: Pair;
  peakKiB: number;
  dev?: { main: Pair; small: Pair };
  /** search-figures.ts's lines: rows of this table, in the order. */
  searchLines: string[];
  writtenAfterOne: number[];
  reading?: { quick: number; full: number };
  install?: Record<"runs" | "all", { ms: number; mb: number; packages: number }>;
  /** tally-figures.ts's median, with the score files it read. */
  tally?: { ms: number; projects: number; judges: number; bytes: number };
  /** hour-after.ts's rows: issue 55's figures from the GitHub model. */
  hourAfter?: Row[];
  /** suite-time.ts's row: `npm test` once (issue 56). */
  suite?: Row;
  /** page-sizes.ts's table. */
  sizes: string[];
}

const NOT_RUN = "not in this run's parts (no --all, --only, or no --hugo)";

/** A row from a pair, or a row saying it was not run. */
function rowOf(figure: string, pair: Pair | undefined, goal: string, make: (pair: Pair) => Row): Row {
  return pair ? make(pair) : notRun(figure, NOT_RUN, goal);
}

/**
 * The benchmark's markdown block, for docs/performance.md: issue 40's table in its order (each
 * tmpfs figure with its disk figure beside it, `hugo server` beside `npm run dev`), then the files
 * a one-record build writes, the quick reader, the installs and the page sizes.
 */
export function benchReport(r: BenchResults): string[] {
  const rows: Row[] = [];
  for (const [name, key, most, goal] of [
    ["clean build / Hugo", "clean", 0.9, "≤ 0.9× (stretch 0.8×)"],
    [
      "Publish's build (one record changed, record cache restored, new folder) / Hugo",
      "publish",
      0.6,
      "≤ 0.6× (stretch 0.5×)",
    ],
    ["one record changed, cache warm, same output folder / Hugo", "one", undefined, "beside"],
  ] as const) {
    const figure = `${name}, tmpfs`;
    rows.push(rowOf(figure, r.tmpfs[key], goal, (p) => ratioRow(figure, p, most, goal)));
    const beside = `${name}, ${r.diskName}`;
    rows.push(rowOf(beside, r.disk[key], "beside", (p) => ratioRow(beside, p, undefined, "beside")));
  }
  const warned = "70 % warnings / the 10 % (realistic) event";
  rows.push(rowOf(warned, r.warnings, "≤ 1.1×", (p) => ratioRow(warned, p, 1.1, "≤ 1.1×")));
  const archived = "Publish's build with one archived edition the size of the current one / without it";
  rows.push(rowOf(archived, r.editions, "≤ 1.15×", (p) => ratioRow(archived, p, 1.15, "≤ 1.15×")));
  const mib = Math.round(r.peakKiB / 1024);
  rows.push(
    r.peakKiB
      ? valueRow(
          `peak memory at ${r.at} (highest build: clean, first with a cache, one record, Publish's)`,
          `${mib} MiB`,
          "≤ 400 MiB",
          r.peakKiB <= 400 * 1024,
        )
      : notRun("peak memory", NOT_RUN, "≤ 400 MiB"),
  );
  for (const [at, key, most, goal] of [
    [r.at, "main", 1000, "≤ 1 s (stretch: below Hugo's server)"],
    ["1,000 + 1,000", "small", 200, "≤ 200 ms"],
  ] as const) {
    const figure = `npm run dev, save to page replaced, at ${at} / ${r.hugoServer}`;
    rows.push(rowOf(figure, r.dev?.[key], goal, (p) => limitRow(figure, p, most, goal)));
  }
  const unwired = "not in this run's parts (sizes builds the site it searches)";
  const search = r.searchLines.length
    ? r.searchLines
    : table([
        notRun(
          "first search at 10,000 projects, transferred (gzip, as Pages serves it)",
          unwired,
          "≤ 300 KB",
        ),
        notRun("search, first results in Chromium with 4× CPU throttling", unwired, "≤ 300 ms"),
        notRun("search index build / clean build", unwired, "≤ 10 %"),
      ]).slice(2);

  const after: Row[] = [];
  const most = r.writtenAfterOne.length ? Math.max(...r.writtenAfterOne) : undefined;
  after.push(
    most === undefined
      ? notRun("files written by a one-record build", NOT_RUN, "≤ 30")
      : valueRow(
          "files written by a one-record build (the most of any run)",
          String(most),
          "≤ 30",
          most <= 30,
        ),
  );
  if (r.reading) {
    const pair = { a: r.reading.quick, b: r.reading.full, as: [], bs: [] };
    after.push(
      ratioRow("loading every record, quick reader / document API", pair, 0.67, "≤ 0.67× to keep it"),
    );
  }
  if (r.tally) {
    const { ms, projects, judges, bytes } = r.tally;
    const figure = `npm run tally, checking ${judges} judges' files (${(bytes / 1e6).toFixed(1)} MB) to every prize's ranking, at ${projects.toLocaleString("en")} projects`;
    after.push(valueRow(figure, `${Math.round(ms)} ms`, ""));
  }
  after.push(...(r.hourAfter ?? []));
  if (r.suite) after.push(r.suite);
  for (const which of r.install ? (["runs", "all"] as const) : []) {
    const { ms, mb, packages } = r.install![which];
    const what = which === "runs" ? "what Validate runs (npm ci --omit=dev)" : "everything (npm ci)";
    const value = `${(ms / 1000).toFixed(1)} s, ${mb.toFixed(0)} MB, ${packages} packages`;
    after.push(valueRow(`install of ${what}, cold npm cache`, value, ""));
  }

  return [
    `Benchmark at ${r.at} realistic; paired runs (A B A B, each side warmed once first): ${r.runs}, medians; ratio = ours / other.`,
    r.setting,
    "",
    ...table(rows),
    ...search,
    ...table(after).slice(2),
    "",
    ...r.sizes,
  ];
}
