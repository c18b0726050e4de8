import { readFile } from "node:fs/promises";
import { run as enqueue } from "../../generator/github/enqueue/run.ts";
import { run as findValidateRun } from "../../generator/github/find-validate-run/run.ts";
import { run as intake } from "../../generator/github/intake/run.ts";
import { run as report } from "../../generator/github/report/run.ts";
import { run as validate } from "../../generator/github/validate/run.ts";
import { parseOutputs, runInProcess, runnerEnv, runnerFiles } from "./action-in-process.ts";
import { runProcess, type CliRun } from "./run-cli.ts";

export interface ActionRun extends CliRun {
  /** What the step wrote to `GITHUB_STEP_SUMMARY`. */
  summary: string;
  /** The step's outputs, read back from `GITHUB_OUTPUT` as the runner reads them. */
  outputs: Record<string, string>;
}

export type Entry = "validate" | "report" | "find-validate-run" | "intake" | "enqueue";
const RUNS: Record<Entry, (env: NodeJS.ProcessEnv) => Promise<void>> = {
  validate,
  report,
  "find-validate-run": findValidateRun,
  intake,
  enqueue: (env) => enqueue(env),
};

/**
 * Runs a workflow step's `run()` as GitHub does (the event payload in a file, the summary file, the
 * API URL, only the runner's variables plus `env`), in this process: a Node process a run would
 * cost half a second each. test/github/entry-points.test.ts runs each compiled entry point as
 * its own process, as the workflows do (`runActionProcess`).
 */
export async function runAction(
  entry: Entry,
  event: unknown,
  env: Record<string, string>,
): Promise<ActionRun> {
  const run = await runInProcess(RUNS[entry], event, env);
  return { code: run.failed ? 1 : 0, stdout: run.log, ...run };
}

/** The compiled entry point (`compiled/github/<entry>/index.mjs`) in a Node process of its own. */
export async function runActionProcess(
  entry: Entry,
  event: unknown,
  env: Record<string, string>,
): Promise<ActionRun> {
  const files = await runnerFiles(event);
  const home = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? files.dir };
  const run = await runProcess([`compiled/github/${entry}/index.mjs`], { ...home, ...runnerEnv(files, env) });
  return {
    ...run,
    summary: await readFile(files.summary, "utf8"),
    outputs: parseOutputs(await readFile(files.output, "utf8")),
  };
}
