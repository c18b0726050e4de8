import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { removeAfterFile, tempDir } from "./fixture-root.ts";

export interface InProcessRun {
  /** The step failed: it threw, or called `core.setFailed`. */
  failed: boolean;
  /** What it printed (`core.info`, notices, warnings), and the error it threw. */
  log: string;
  /** What it printed to standard error. */
  stderr: string;
  /** What it wrote to `GITHUB_STEP_SUMMARY`. */
  summary: string;
  /** The step's outputs, read back from `GITHUB_OUTPUT` as the runner reads them. */
  outputs: Record<string, string>;
}

/**
 * `@actions/core` remembers the summary file's path the first time it writes one, so every run in
 * this process (test files share a worker's modules) writes to one path, made again and emptied
 * before each run. The folder goes when the test file is done, with its temporary folders: removed
 * on the process's 'exit', which vitest's workers never emit, one was left a worker a run.
 */
export const SUMMARY_DIR = join(tmpdir(), `registry-summary-${process.pid}-${threadId}`);

/**
 * Runs a workflow step's `run()` in this process, as the runner would (the event payload in a
 * file, the step summary and outputs files, only the runner's variables), for tests that drive many
 * runs: a process each would spend half a second apiece. `@actions/core` reads its files from
 * `process.env`, so they are set there for the run, and its printing is collected, not shown.
 */
export async function runInProcess(
  run: (env: NodeJS.ProcessEnv) => Promise<void>,
  event: unknown,
  env: Record<string, string>,
): Promise<InProcessRun> {
  await mkdir(SUMMARY_DIR, { recursive: true });
  removeAfterFile(SUMMARY_DIR);
  const files = await runnerFiles(event, join(SUMMARY_DIR, "summary.md"));
  const saved = { summary: process.env.GITHUB_STEP_SUMMARY, output: process.env.GITHUB_OUTPUT };
  process.env.GITHUB_STEP_SUMMARY = files.summary;
  process.env.GITHUB_OUTPUT = files.output;
  const [out, err] = [process.stdout.write, process.stderr.write];
  let log = "";
  let stderr = "";
  process.stdout.write = ((chunk: string | Uint8Array) => ((log += String(chunk)), true)) as typeof out;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof err;
  let failed = false;
  try {
    await run(runnerEnv(files, env));
  } catch (error) {
    // What the entry point does with an error (see generator/github/*/index.ts).
    failed = true;
    log += `::error::${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`;
  } finally {
    [process.stdout.write, process.stderr.write] = [out, err];
    process.env.GITHUB_STEP_SUMMARY = saved.summary;
    process.env.GITHUB_OUTPUT = saved.output;
    // `core.setFailed` marks the process; here it marks only this run.
    if (process.exitCode === 1) failed = true;
    process.exitCode = undefined;
  }
  const [summary, output] = await Promise.all([
    readFile(files.summary, "utf8"),
    readFile(files.output, "utf8"),
  ]);
  return { failed, log, stderr, summary, outputs: parseOutputs(output) };
}

/** A runner's files for one step: the event payload, and empty summary and outputs files. */
export async function runnerFiles(
  event: unknown,
  summary?: string,
): Promise<{ dir: string; event: string; summary: string; output: string }> {
  const dir = await tempDir("runner-");
  const files = {
    dir,
    event: join(dir, "event.json"),
    summary: summary ?? join(dir, "summary.md"),
    output: join(dir, "output.txt"),
  };
  await Promise.all([
    writeFile(files.event, JSON.stringify(event)),
    writeFile(files.summary, ""),
    writeFile(files.output, ""),
  ]);
  return files;
}

/** The variables a runner sets for a step, then `env`. */
export function runnerEnv(
  files: { dir: string; event: string; summary: string; output: string },
  env: Record<string, string>,
): Record<string, string> {
  return {
    GITHUB_ACTIONS: "true",
    CI: "true",
    GITHUB_EVENT_PATH: files.event,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_OUTPUT: files.output,
    GITHUB_RUN_ID: "43",
    GITHUB_REPOSITORY: "org/sprint",
    GITHUB_SERVER_URL: "https://github.com",
    RUNNER_TEMP: files.dir,
    ...env,
  };
}

/** `name<<DELIMITER` / value lines / `DELIMITER`, the file format `core.setOutput` writes. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const head = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!head) continue;
    const end = lines.indexOf(head[2]!, i + 1);
    outputs[head[1]!] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return outputs;
}
