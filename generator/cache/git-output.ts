import { spawn } from "node:child_process";
import { repositoryEnv } from "../load/repository-env.ts";

/**
 * What `git args` prints in `cwd` (given `input` on its standard input), or undefined when git is
 * missing, exits with a code not in `codes`, or prints a name that is not UTF-8 (the caller then
 * reads the files instead). Git is asked about the folder it is run in (repositoryEnv: none of the
 * caller's GIT_*).
 */
export function gitOutput(
  cwd: string,
  args: readonly string[],
  codes: readonly number[] = [0],
  input?: string,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn("git", args, {
      cwd,
      env: repositoryEnv(),
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "ignore"],
    });
    const chunks: Buffer[] = [];
    child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", () => resolve(undefined));
    child.on("close", (code) => {
      try {
        const ok = code !== null && codes.includes(code);
        resolve(ok ? new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) : undefined);
      } catch {
        resolve(undefined);
      }
    });
    // A git that exits before reading it all (EPIPE) is a failed command, told by its exit code.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(input);
  });
}
