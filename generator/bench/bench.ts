import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchOptions, USAGE, type BenchOptions } from "./bench-options.ts";
import { benchReport } from "./bench-report.ts";
import { Builders, syntheticEvent, hugoContent } from "./builders.ts";
import { devFigures } from "./dev-figures.ts";
import { editionFigures } from "./edition-figures.ts";
import { diskFolder } from "./disk-folder.ts";
import { hourAfterRows, hourAfterRuns } from "./hour-after.ts";
import { installed } from "./installed.ts";
import { kitEvent } from "./kit-event.ts";
import { pageSizes } from "./page-sizes.ts";
import { alone, log, paired, timed, type Pair } from "./paired.ts";
import type { Row } from "./report-table.ts";
import { searchFigures, searchIndexBuild } from "./search-figures.ts";
import { suiteRow, suiteTime } from "./suite-time.ts";
import { BENCH_JUDGES, tallyFigures } from "./tally-figures.ts";

/**
 * `npm run bench -- --hugo ../shared/bench/hugo`: issue 40's figures on a realistic event (10,000
 * teams + 10,000 projects, about 10 % of records with a warning), each a ratio of medians over
 * paired runs (A B A B …), each build in a fresh process, because this machine's speed drifts by
 * 20–50 % within an hour: a clean build and a build after one record changed (cache warm, into the
 * previous build's folder, counting the files it writes) against Hugo's build of the same records,
 * with both tools' output on tmpfs and again on a disk; the event with warnings on 70 % of records
 * against the realistic one; peak memory; `npm run dev`'s save to page from outside, against `hugo
 * server`; the quick reader; page sizes; installs. Prints a markdown block for docs/performance.md.
 */
let options: BenchOptions;
try {
  options = benchOptions(process.argv.slice(2));
} catch (error) {
  console.error(`error: ${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const { runs, parts } = options;
// The kit makes as many teams as projects.
const size = options.events
  ? { teams: options.size.projects, projects: options.size.projects }
  : options.size;
const has = (part: Parameters<typeof parts.has>[0]) => parts.has(part);
const kit = options.hugo ? resolve(options.hugo) : undefined;
// Refused before minutes of work: no Hugo, or no disk for the disk pairs.
const hugoVersion = kit
  ? execFileSync("hugo", ["version"], { encoding: "utf8" }).trim().split(" ").slice(0, 2).join(" ")
  : "none (no --hugo)";
const disk = has("disk") ? diskFolder(options.disk) : undefined;
const work = await mkdtemp(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "registry-bench-"));
const onDisk = disk ? await mkdtemp(join(disk.folder, "registry-bench-")) : undefined;
// A failed or interrupted run leaves no events behind (on tmpfs, they hold memory until reboot).
process.once("exit", () =>
  [work, onDisk].forEach((dir) => dir && rmSync(dir, { recursive: true, force: true })),
);
process.once("SIGINT", () => process.exit(130));
const builders = new Builders();
const at = `${size.teams.toLocaleString("en")} + ${size.projects.toLocaleString("en")}`;

/** The event with `share` of its records warned: the shared kit's when given, else the synthetic one. */
const event = (name: string, share: number) =>
  options.events
    ? kitEvent(join(work, name), resolve(options.events), size.projects, Math.round(share * 100))
    : syntheticEvent(join(work, name), { ...size, warnings: share });
// The suite's time is measured first, before the bench's own event fills memory and tmpfs.
let suite: Row | undefined;
if (has("suite")) {
  log("npm test, once…");
  suite = suiteRow(await suiteTime());
}
// The hour after's figures come from the GitHub model, and the suite's from the tests, not from an event.
const needsEvent = [...parts].some((part) => part !== "hour-after" && part !== "suite");
if (needsEvent)
  log(
    `writing ${at} records${options.events ? ` with ${options.events}` : ""} (10 % with warnings${has("warnings") ? ", and 70 %" : ""})…`,
  );
const realistic = needsEvent ? await event("realistic", 0.1) : "";
const content = kit && needsEvent ? hugoContent(kit, realistic, join(work, "hugo-content")) : undefined;

/** The clean and one-record pairs with both tools' output under `base`. */
async function buildPairs(
  base: string,
  where: string,
): Promise<{ clean?: Pair; one?: Pair; publish?: Pair }> {
  const out = join(base, "out");
  const hugo = kit && content ? builders.hugo(kit, content, join(base, "hugo-out")) : undefined;
  const pair = (name: string, ours: () => Promise<number>) =>
    hugo ? paired(`${name}, ${where}`, runs, ours, hugo) : alone(`${name}, ${where}`, runs, ours);
  const clean =
    has("clean") || where !== "tmpfs" ? await pair("clean build", builders.clean(realistic, out)) : undefined;
  if (!has("one") && where === "tmpfs") return { clean };
  await rm(out, { recursive: true, force: true });
  await builders.firstCached(realistic, out);
  const one = await pair("one record changed", builders.oneChanged(realistic, out));
  const publish = await pair("Publish's build", builders.publish(realistic, join(base, "publish-out")));
  return { clean, one, publish };
}
const tmpfs = has("clean") || has("one") ? await buildPairs(work, "tmpfs") : {};
const onDiskPairs = onDisk ? await buildPairs(onDisk, `disk (${disk!.type})`) : {};

let warnings: Pair | undefined;
if (has("warnings")) {
  const warned = await event("warned", 0.7);
  const out = join(work, "out");
  warnings = await paired(
    "70 % warned / 10 %",
    runs,
    builders.clean(warned, out),
    builders.clean(realistic, out),
  );
}

const editions = has("editions") ? await editionFigures(builders, realistic, work, runs) : undefined;

const dev = has("dev")
  ? await devFigures(work, realistic, size, runs, kit, options.hugoFullRender)
  : undefined;

let sizes: string[] = [];
let searchLines: string[] = [];
if (has("sizes")) {
  log("page sizes…");
  const site = join(work, "site");
  await builders.ours(realistic, site);
  sizes = await pageSizes(site);
  log("search in Chromium, and the search index's build…");
  searchLines = await searchFigures(site);
  const index = await searchIndexBuild(realistic);
  const clean = tmpfs.clean?.a;
  const share = clean ? `${((100 * index.ms) / clean).toFixed(1)} %` : "";
  const holds = clean ? (index.ms <= clean / 10 ? "yes" : "**no**") : "";
  searchLines.push(
    `| search index build (${index.files} files) / clean build | ${Math.round(index.ms)} ms | ${clean ? `${Math.round(clean)} ms` : "clean not run"} | ${share} | ≤ 10 % | ${holds} |`,
  );
}

let reading: { quick: number; full: number } | undefined;
if (has("reader")) {
  log("the quick reader against the document API…");
  const args = ["compiled/bench/load-once.mjs", realistic, String(runs)];
  reading = JSON.parse((await timed(process.execPath, args)).out) as { quick: number; full: number };
}

let install: Record<"runs" | "all", Awaited<ReturnType<typeof installed>>> | undefined;
if (has("install")) {
  log("installing what Validate runs, and everything, on a cold npm cache…");
  install = { runs: await installed(work, ["--omit=dev"]), all: await installed(work, []) };
}
let tally: { ms: number; projects: number; judges: number; bytes: number } | undefined;
if (has("tally")) {
  log(`the tally of ${BENCH_JUDGES} judges' score files…`);
  const { ms, bytes } = tallyFigures(size.projects, runs);
  tally = { ms, projects: size.projects, judges: BENCH_JUDGES, bytes };
}
let hourAfter: Awaited<ReturnType<typeof hourAfterRuns>> | undefined;
if (has("hour-after")) {
  log("the hour after at 1/10 scale, on the GitHub model (vitest)…");
  hourAfter = await hourAfterRuns();
  if (hourAfter.failed) log(`a hour-after test failed:\n${hourAfter.failed}`);
}
const hugoServerName = `hugo server${options.hugoFullRender ? " --disableFastRender" : " (fast render)"}`;
const date = new Date().toISOString().slice(0, 10);
const where = disk ? `the disk rows on ${disk.folder} (${disk.type})` : "no disk rows";
const report = benchReport({
  at,
  runs,
  setting: `${date}; Node ${process.version}, ${hugoVersion}; output on tmpfs (/dev/shm), ${where}; ${hugoServerName} with --renderToDisk on tmpfs, live reload off.`,
  diskName: disk ? `disk (${disk.type})` : "disk",
  hugoServer: hugoServerName,
  tmpfs,
  disk: onDiskPairs,
  ...(warnings ? { warnings } : {}),
  ...(editions ? { editions } : {}),
  peakKiB: builders.peakKiB,
  ...(dev ? { dev } : {}),
  searchLines,
  writtenAfterOne: builders.writtenAfterOne,
  ...(reading ? { reading } : {}),
  ...(install ? { install } : {}),
  ...(tally ? { tally } : {}),
  ...(hourAfter ? { hourAfter: hourAfterRows(hourAfter.runs) } : {}),
  ...(suite ? { suite } : {}),
  sizes,
});
console.log(report.join("\n"));
