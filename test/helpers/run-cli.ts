import { spawn } from "node:child_process";
import { REPO } from "./fixture-root.ts";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the generator's commands as `npm run` does: a real Node process, compiled. One still
 * running after `timeoutMs` is killed (its code is then null), so a command that hangs fails its test.
 */
export function runCli(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs?: number,
): Promise<CliRun> {
  // Vitest sets BASE_URL for Vite; the commands read it too, so a child gets only what a test gives.
  const inherited = { ...process.env };
  delete inherited.BASE_URL;
  return runProcess(["generator/cli/run.mjs", command, ...args], { ...inherited, ...env }, timeoutMs);
}

/** `node …args` in the repository with exactly `env`, its output collected; killed after `timeoutMs`. */
export function runProcess(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      ...(timeoutMs === undefined ? {} : { timeout: timeoutMs, killSignal: "SIGKILL" as const }),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
