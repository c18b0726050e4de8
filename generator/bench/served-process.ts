import { spawn } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";

/** A long-running process (a dev server), the lines it printed, and a way to wait for one. */
export interface Served {
  readonly lines: readonly string[];
  /** The first line from index `from` on matching `pattern`; refuses when the process ends or after `ms`. */
  line(pattern: RegExp, from: number, ms: number): Promise<string>;
  /** The last lines printed, to explain a failure. */
  tail(): string;
  stop(): Promise<void>;
}

export function servedProcess(name: string, command: string, args: string[]): Served {
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let exited: string | undefined;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());
  // stdout and stderr alike: Hugo prints its progress on either, depending on the version.
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop()!;
      lines.push(...parts);
      wake();
    });
  }
  child.on("error", (error) => ((exited = error.message), wake()));
  child.on("exit", (code, signal) => ((exited = `exited ${code ?? signal}`), wake()));
  const tail = () => lines.slice(-10).join("\n");

  return {
    lines,
    tail,
    line(pattern, from, ms) {
      return new Promise((done, fail) => {
        const timer = setTimeout(
          () => finish(new Error(`${name}: no line matching ${pattern} within ${ms} ms`)),
          ms,
        );
        const finish = (error?: Error, found?: string) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) fail(new Error(`${error.message}; its last lines:\n${tail()}`));
          else done(found!);
        };
        const check = () => {
          const found = lines.slice(from).find((line) => pattern.test(line));
          if (found !== undefined) finish(undefined, found);
          else if (exited) finish(new Error(`${name} ${exited}`));
        };
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (exited) return;
      const gone = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await gone;
    },
  };
}
