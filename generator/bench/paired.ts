import { spawn } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";

/** Progress goes to stderr, so stdout is the report alone. */
export const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Runs a command in a fresh process; its wall time in milliseconds and what it printed. */
export function timed(command: string, args: string[]): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", fail);
    child.on("close", (code) =>
      code === 0
        ? done({ ms: performance.now() - started, out })
        : fail(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

export function median(list: readonly number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Pair {
  /** Medians of `a`'s and `b`'s runs, in milliseconds. */
  a: number;
  b: number;
  as: number[];
  bs: number[];
}

/**
 * Pairs `a` and `b` runs, alternating which goes first, after one untimed run of each (the first
 * run after a commit also refreshes git's index, a server's first save warms its code); medians.
 */
export async function paired(
  name: string,
  runs: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
): Promise<Pair> {
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
  log(`  ${name}: ${as.map(Math.round).join(", ")} ms / ${bs.map(Math.round).join(", ")} ms`);
  return { a: median(as), b: median(bs), as, bs };
}

/** `a` alone, warmed once, when there is nothing to pair it with. */
export async function alone(name: string, runs: number, a: () => Promise<number>): Promise<Pair> {
  await a();
  const as: number[] = [];
  for (let run = 0; run < runs; run++) {
    log(`  ${name} ${run + 1}/${runs}`);
    as.push(await a());
  }
  log(`  ${name}: ${as.map(Math.round).join(", ")} ms`);
  return { a: median(as), b: Number.NaN, as, bs: [] };
}
