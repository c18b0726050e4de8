import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempDir } from "./fixture-root.ts";

export interface InProcessRun {
  /** The step failed: it threw, or called `core.setFailed`. */
  failed: boolean;
  /** What it printed (`core.info`, notices, warnings), and the error it threw. */
  log: string;
}

/**
 * Runs a workflow step's `run()` in this process, as the runner would (the event payload in a
 * file, the step summary and outputs files), for tests that drive many runs: a process each would
 * spend a second apiece. `@actions/core` reads its files from `process.env`, so they are set there
 * for the run, and its printing is collected rather than shown.
 */
export async function runInProcess(
  run: (env: NodeJS.ProcessEnv) => Promise<void>,
  event: unknown,
  env: Record<string, string>,
): Promise<InProcessRun> {
  const dir = await tempDir("runner-");
  const files = {
    event: join(dir, "event.json"),
    summary: join(dir, "summary.md"),
    output: join(dir, "output.txt"),
  };
  await Promise.all([
    writeFile(files.event, JSON.stringify(event)),
    writeFile(files.summary, ""),
    writeFile(files.output, ""),
  ]);
  const saved = { summary: process.env.GITHUB_STEP_SUMMARY, output: process.env.GITHUB_OUTPUT };
  process.env.GITHUB_STEP_SUMMARY = files.summary;
  process.env.GITHUB_OUTPUT = files.output;
  const write = process.stdout.write;
  let log = "";
  process.stdout.write = ((chunk: string | Uint8Array) => ((log += String(chunk)), true)) as typeof write;
  let failed = false;
  try {
    await run({
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_PATH: files.event,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_OUTPUT: files.output,
      GITHUB_RUN_ID: "43",
      GITHUB_REPOSITORY: "org/sprint",
      GITHUB_SERVER_URL: "https://github.com",
      RUNNER_TEMP: dir,
      ...env,
    });
  } catch (error) {
    failed = true;
    log += `\n${error instanceof Error ? error.stack : String(error)}`;
  } finally {
    process.stdout.write = write;
    process.env.GITHUB_STEP_SUMMARY = saved.summary;
    process.env.GITHUB_OUTPUT = saved.output;
    // `core.setFailed` marks the process; here it marks only this run.
    if (process.exitCode === 1) failed = true;
    process.exitCode = undefined;
  }
  return { failed, log };
}
