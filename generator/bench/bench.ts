import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../contract/render-record-types.ts";
import { loadFigures, serve, type LoadFigures } from "./load-test.ts";
import { nodeFlags } from "./node-flags.ts";
import { formatMixed, mixedLoad, type MixedFigures } from "./mixed-load.ts";
import { formatReport, type SizeFigures } from "./report.ts";
import { writeSyntheticEvent } from "./synthetic-event.ts";

/**
 * `npm run bench -- --teams 1000,10000 --projects 1000,10000 --runs 3`: for each size, a
 * deterministic synthetic event in a temporary git repository, then clean builds, `npm run
 * validate` and a dev rebuild, each in a fresh process, medians over the runs; then the local
 * server under load. Builds write to /dev/shm (tmpfs) when there is one.
 */
const { values } = parseArgs({
  options: {
    teams: { type: "string", default: "1000,10000" },
    projects: { type: "string", default: "1000,10000" },
    runs: { type: "string", default: "3" },
    "load-seconds": { type: "string", default: "5" },
  },
});
const teams = values.teams.split(",").map(Number);
const projects = values.projects.split(",").map(Number);
const runs = Number(values.runs);
const loadSeconds = Number(values["load-seconds"]);
const outBase = await mkdtemp(
  existsSync("/dev/shm") ? "/dev/shm/registry-bench-" : join(tmpdir(), "registry-bench-"),
);

/** Runs `script` as the npm script `like` runs its command: in a fresh process, with its Node flags. */
function child(like: string, script: string, args: string[]): Promise<{ out: string; milliseconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeFlags(like), "generator/run.mjs", script, ...args], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (chunk) => (out += chunk));
    proc.on("error", reject);
    proc.on("close", (code) =>
      code === 0
        ? resolve({ out, milliseconds: performance.now() - started })
        : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

const sizes: SizeFigures[] = [];
let load: LoadFigures | undefined;
let mixed: MixedFigures | undefined;
for (let i = 0; i < teams.length; i++) {
  const size = { teams: teams[i]!, projects: projects[i] ?? projects.at(-1)! };
  const root = await mkdtemp(join(tmpdir(), "registry-bench-records-"));
  process.stderr.write(`${size.teams} teams + ${size.projects} projects: writing the event…\n`);
  await writeSyntheticEvent(root, size);
  // A committed checkout, as in CI: generatedAt then comes from git.
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.org", "commit", "-qm", "synthetic event");

  const out = join(outBase, `dist-${i}`);
  const builds = [];
  for (let run = 0; run < runs; run++) {
    process.stderr.write(`  clean build ${run + 1}/${runs}\n`);
    await rm(out, { recursive: true, force: true });
    const { out: json, milliseconds } = await child("build", "generator/bench/build-once.ts", [root, out]);
    builds.push({ wall: milliseconds, ...JSON.parse(json) });
  }
  const validates = [];
  for (let run = 0; run < runs; run++)
    validates.push((await child("validate", "generator/cli/validate.ts", ["--root", root])).milliseconds);
  process.stderr.write("  dev rebuilds\n");
  const dev = JSON.parse(
    (await child("dev", "generator/bench/dev-once.ts", [root, join(outBase, `dev-${i}`), String(runs)])).out,
  );
  sizes.push({ ...size, builds, validates, dev });
  if (i === teams.length - 1 && loadSeconds > 0) {
    process.stderr.write("  load test\n");
    load = await loadFigures(out, loadSeconds);
    process.stderr.write("  mixed load\n");
    const server = await serve(out, "ours");
    try {
      const options = { connections: 20, page: "teams/team-1.html", pid: server.proc.pid };
      await mixedLoad(server.url, { ...options, seconds: 1 });
      mixed = await mixedLoad(server.url, { ...options, seconds: loadSeconds });
    } finally {
      server.proc.kill();
    }
  }
  await rm(root, { recursive: true, force: true });
}
await rm(outBase, { recursive: true, force: true });
console.log(formatReport(sizes, load));
if (mixed) console.log(`\n${formatMixed(mixed)}`);
