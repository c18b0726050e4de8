import type { CliRun } from "./run-cli.ts";
import { REPO } from "./fixture-root.ts";

/** What a command's `run()` is given: where it writes, and the folders a process would have. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  here: string;
  /** The environment a process would have had (for what the command starts, such as git). */
  env?: NodeJS.ProcessEnv;
}

/**
 * A command's `run()` (generator/cli/<name>/run.ts) in this process, as `runCli` would start it: in
 * the repository, its output collected, its exit code returned. For tests of what a command decides;
 * a test of the process itself (its exit, its streams, a signal) starts it with `runCli`.
 */
export async function commandInProcess(
  run: (args: string[], io: CommandIo) => Promise<number>,
  args: string[],
  folders: Partial<Pick<CommandIo, "cwd" | "here" | "env">> = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await run(args, {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    cwd: REPO,
    here: REPO,
    ...folders,
  });
  return { code, stdout, stderr };
}
