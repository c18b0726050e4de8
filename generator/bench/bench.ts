import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../repo-root.ts";
import { pageSizes } from "./page-sizes.ts";
import { writeSyntheticEvent, type SyntheticSize } from "./synthetic-event.ts";

/**
 * `npm run bench -- --hugo ../shared/bench/hugo`: side-by-side figures on a realistic event (10,000
 * teams + 10,000 projects, about 10 % of records with a warning). Every figure is a ratio of
 * medians over paired runs (A B A B …), each build in a fresh process, because this machine's speed
 * drifts by 20–50 % within an hour: a clean build (`--no-cache`) and a build after one record
 * changed with the cache warm (into the folder the previous build wrote, counting the files it
 * writes), both against Hugo building the same pages; the same event with warnings on 70 % of
 * records against none; loading with the quick reader against the document API alone; `npm run
 * dev`'s rebuild at 1,000 + 1,000; the sizes of the pages, the search indexes and one project's
 * document; and the install of what the workflows run against everything, on a cold npm cache.
 */
const { values } = parseArgs({
  options: {
    teams: { type: "string", default: "10000" },
    projects: { type: "string", default: "10000" },
    runs: { type: "string", default: "5" },
    hugo: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`usage: npm run bench -- [--hugo DIR] [--teams N] [--projects N] [--runs N]

Paired benchmark figures on a synthetic event (default 10,000 teams and 10,000 projects, 5 runs
each), against the Hugo build in DIR when given. See docs/performance.md.`);
  process.exit(0);
}
const size = { teams: Number(values.teams), projects: Number(values.projects) };
const runs = Number(values.runs);
const work = await mkdtemp(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "registry-bench-"));
const log = (line: string) => process.stderr.write(`${line}\n`);

/** A committed synthetic event, as CI checks one out: generatedAt then comes from git. */
async function event(name: string, shape: SyntheticSize): Promise<string> {
  const root = join(work, name);
  await writeSyntheticEvent(root, shape);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.org", "commit", "-qm", "synthetic event");
  return root;
}

/** Runs a command in a fresh process; its wall time in milliseconds and what it printed. */
function timed(command: string, args: string[]): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", fail);
    child.on("close", (code) =>
      code === 0
        ? done({ ms: performance.now() - started, out })
        : fail(new Error(`${args[0]} exited ${code}`)),
    );
  });
}

/** Node's flags from `npm run build`'s script (its young generation's size), so a build runs as it would. */
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  scripts: { build: string };
};
const nodeFlags = manifest.scripts.build.split(" ").filter((word) => word.startsWith("--"));
const ours = (root: string, ...flags: string[]) =>
  timed(process.execPath, [...nodeFlags, "compiled/bench/build-once.mjs", root, join(work, "out"), ...flags]);

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Pairs `a` and `b` runs, alternating which goes first, after one untimed run of each (the first
 * run after a commit also refreshes git's index); medians and their ratio.
 */
async function paired(name: string, a: () => Promise<number>, b: () => Promise<number>) {
  await a();
  await b();
  const as: number[] = [];
  const bs: number[] = [];
  for (let run = 0; run < runs; run++) {
    log(`  ${name} ${run + 1}/${runs}`);
    if (run % 2) bs.push(await b());
    as.push(await a());
    if (run % 2 === 0) bs.push(await b());
  }
  return { name, a: median(as), b: median(bs), ratio: median(as) / median(bs), as, bs };
}

const figures: Array<Awaited<ReturnType<typeof paired>> & { target: string }> = [];
let peakKiB = 0;
/** One of our builds into an empty folder, as Hugo's runs get one and as CI builds. */
const ourBuild =
  (root: string, ...flags: string[]) =>
  async () => {
    await rm(join(work, "out"), { recursive: true, force: true });
    const run = await ours(root, ...flags);
    if (flags.includes("--no-cache")) peakKiB = Math.max(peakKiB, JSON.parse(run.out).maxRssKiB as number);
    return run.ms;
  };
/** Files each build after one record changed wrote into the previous build's folder. */
const writtenAfterOne: number[] = [];

log(`writing ${size.teams} teams + ${size.projects} projects (10 % and 70 % with warnings, and none)…`);
const realistic = await event("realistic", { ...size, warnings: 0.1 });
const warned = await event("warned", { ...size, warnings: 0.7 });
const clean = await event("clean", { ...size, warnings: 0 });

if (values.hugo) {
  const hugoDir = resolve(values.hugo);
  const content = join(work, "hugo-content");
  execFileSync(process.execPath, [join(hugoDir, "prep.mjs"), join(realistic, "records"), content]);
  const hugo = async () => {
    const out = join(work, "hugo-out");
    await rm(out, { recursive: true, force: true });
    const args = [
      "--source",
      hugoDir,
      "--contentDir",
      content,
      "--destination",
      out,
      "--noBuildLock",
      "--quiet",
    ];
    return (await timed("hugo", args)).ms;
  };
  figures.push({
    ...(await paired("clean build (--no-cache) / Hugo", ourBuild(realistic, "--no-cache"), hugo)),
    target: "≤ 0.7",
  });
  await rm(join(work, "out"), { recursive: true, force: true });
  await ours(realistic);
  let edits = 0;
  // Into the folder the previous build wrote, as a publish after one merged change builds.
  const changedOne = async () => {
    const file = join(realistic, `records/projects/project-${edits * 13}.yaml`);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace(/^tagline: (.*)$/m, `tagline: $1 Edited ${edits++}.`));
    const run = await ours(realistic);
    writtenAfterOne.push(JSON.parse(run.out).written as number);
    return run.ms;
  };
  figures.push({
    ...(await paired("one record changed, cache warm / Hugo", changedOne, hugo)),
    target: "≤ 0.4",
  });
}
figures.push({
  ...(await paired(
    "70 % of records warned / none",
    ourBuild(warned, "--no-cache"),
    ourBuild(clean, "--no-cache"),
  )),
  target: "≤ 1.1",
});

log("page sizes…");
await rm(join(work, "out"), { recursive: true, force: true });
await ours(realistic);
const sizes = await pageSizes(join(work, "out"));

log("the quick reader against the document API…");
const reading = JSON.parse(
  (await timed(process.execPath, ["compiled/bench/load-once.mjs", realistic, String(runs)])).out,
) as { quick: number; full: number };

log("npm run dev at 1,000 + 1,000…");
const small = await event("small", { teams: 1000, projects: 1000, warnings: 0.1 });
const dev = JSON.parse(
  (await timed(process.execPath, ["compiled/bench/dev-once.mjs", small, join(work, "dev-out"), String(runs)]))
    .out,
) as { rebuilds: Array<{ milliseconds: number }> };

log("installing what Validate runs, and everything, on a cold npm cache…");
const install = { runs: await installed(["--omit=dev"]), all: await installed([]) };
await rm(work, { recursive: true, force: true });

/** `npm ci` of this package with `flags`, scripts off, into a new folder with an empty npm cache. */
async function installed(flags: string[]): Promise<{ ms: number; mb: number; packages: number }> {
  const folder = join(work, `install${flags.join("")}`);
  await mkdir(folder);
  for (const name of ["package.json", "package-lock.json"])
    await cp(join(REPO_ROOT, name), join(folder, name));
  const cache = join(work, `npm-cache${flags.join("")}`);
  const started = performance.now();
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--cache", cache, ...flags], {
    cwd: folder,
    stdio: "ignore",
  });
  const ms = performance.now() - started;
  const kb = Number(
    execFileSync("du", ["-sk", join(folder, "node_modules")], { encoding: "utf8" }).split("\t")[0],
  );
  const lock = JSON.parse(readFileSync(join(folder, "node_modules/.package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  return { ms, mb: kb / 1024, packages: Object.keys(lock.packages).length };
}

const lines = [
  `Benchmark: ${size.teams} teams + ${size.projects} projects, ${runs} paired runs, medians (ms)`,
  "",
  "| figure | ours | other | ratio | target |",
  "|---|---|---|---|---|",
  ...figures.map(
    (f) => `| ${f.name} | ${Math.round(f.a)} | ${Math.round(f.b)} | ${f.ratio.toFixed(2)} | ${f.target} |`,
  ),
  "",
  `| loading every record, quick reader / document API | ${Math.round(reading.quick)} | ${Math.round(reading.full)} | ${(reading.quick / reading.full).toFixed(2)} | ≤ 0.67 to keep it |`,
  "",
  `Peak memory of our clean builds: ${Math.round(peakKiB / 1024)} MiB (target ≤ 300 MiB)`,
  `npm run dev, rebuild after one change at 1,000 + 1,000: ${Math.round(median(dev.rebuilds.map((r) => r.milliseconds)))} ms median (target ≤ 300 ms)`,
  `Files written by a build after one record changed, into the previous build's folder: ${writtenAfterOne.length ? Math.max(...writtenAfterOne) : "not run (no --hugo)"} at most (target ≤ 20)`,
  ...(["runs", "all"] as const).map((which) => {
    const { ms, mb, packages } = install[which];
    const what = which === "runs" ? "what Validate runs (npm ci --omit=dev)" : "everything (npm ci)";
    return `Install of ${what}, cold npm cache: ${(ms / 1000).toFixed(1)} s, ${mb.toFixed(0)} MB, ${packages} packages`;
  }),
  "",
  ...sizes,
];
console.log(lines.join("\n"));
