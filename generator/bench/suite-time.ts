import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { valueRow, type Row } from "./report-table.ts";

/** Issue 56's bar: `npm ci && npm test` within two minutes on a newcomer's machine (2 cores). */
export const SUITE_GOAL_MS = 120_000;

/** One run of `npm test`, as the README runs it. */
export interface SuiteTime {
  /** Wall time, from starting npm to its exit. */
  ms: number;
  /** CPU time of npm and every process it waited for (vitest, its workers, the commands they ran). */
  cpuMs?: number;
  /** vitest's count line, "1379 passed" or "2 failed | 1377 passed". */
  tests: string;
  passed: boolean;
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * CPU time of this process's finished children (Linux: cutime + cstime in /proc/self/stat, in
 * clock ticks of 10 ms): the suite's CPU says how much work it is whatever else loads the machine.
 */
function childrenCpuMs(): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const stat = readFileSync("/proc/self/stat", "utf8");
  // The fields after the command's name (which may hold spaces) in brackets; cutime is field 16.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** vitest's "Tests  2 failed | 1377 passed (1379)" line, without colours: what ran and how it ended. */
export function testsLine(output: string): { tests: string; passed: boolean } {
  // NO_COLOR is asked for; colours a terminal forced are stripped all the same.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const line = /^\s*Tests\s+(.+?)\s*(\(\d+\))?\s*$/m.exec(plain);
  const tests = line?.[1] ?? "no count (vitest did not finish)";
  return { tests, passed: line !== null && !/failed/.test(tests) };
}

/** Runs `npm test` once in the checkout; its wall time, CPU, and vitest's count. */
export async function suiteTime(): Promise<SuiteTime> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn("npm", ["test"], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.stderr.on("data", (chunk) => (text += chunk));
    child.on("error", reject);
    child.on("close", (exit) => resolve({ code: exit, output: text }));
  });
  const ms = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  const { tests, passed } = testsLine(output);
  return {
    ms,
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpuMs: cpuAfter - cpuBefore } : {}),
    tests,
    passed: passed && code === 0,
  };
}

/** The row: wall seconds against the two-minute goal; a failed suite never holds. */
export function suiteRow(s: SuiteTime): Row {
  const cpu = s.cpuMs === undefined ? "" : `, ${Math.round(s.cpuMs / 1000)} s of CPU`;
  return valueRow(
    `\`npm test\`, once (${s.tests}${cpu})`,
    `${(s.ms / 1000).toFixed(0)} s`,
    "≤ 120 s",
    s.passed && s.ms <= SUITE_GOAL_MS,
  );
}
