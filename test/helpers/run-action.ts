import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tempDir } from "./fixture-root.ts";
import { runProcess, type CliRun } from "./run-cli.ts";

export interface ActionRun extends CliRun {
  /** What the step wrote to `GITHUB_STEP_SUMMARY`. */
  summary: string;
  /** The step's outputs, read back from `GITHUB_OUTPUT` as the runner reads them. */
  outputs: Record<string, string>;
}

/**
 * Runs a workflow step's entry point as GitHub does: a Node process whose environment holds
 * only what a runner sets (the event payload in a file, the summary file, the API URL) plus `env`.
 */
export async function runAction(
  entry: "validate" | "report" | "find-validate-run" | "intake",
  event: unknown,
  env: Record<string, string>,
): Promise<ActionRun> {
  const dir = await tempDir("runner-");
  const eventPath = join(dir, "event.json");
  const summaryPath = join(dir, "step-summary.md");
  await writeFile(eventPath, JSON.stringify(event));
  const outputPath = join(dir, "output.txt");
  await writeFile(summaryPath, "");
  await writeFile(outputPath, "");
  const runnerEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: "true",
    CI: "true",
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_RUN_ID: "43",
    GITHUB_REPOSITORY: "org/sprint",
    GITHUB_SERVER_URL: "https://github.com",
    RUNNER_TEMP: dir,
    ...env,
  };
  const run = await runProcess([`compiled/github/${entry}/index.mjs`], runnerEnv);
  return {
    ...run,
    summary: await readFile(summaryPath, "utf8"),
    outputs: parseOutputs(await readFile(outputPath, "utf8")),
  };
}

/** `name<<DELIMITER` / value lines / `DELIMITER`, the file format `core.setOutput` writes. */
function parseOutputs(text: string): Record<string, string> {
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
