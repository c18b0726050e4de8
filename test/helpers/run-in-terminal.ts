import { spawn } from "node:child_process";
import { REPO } from "./fixture-root.ts";

export interface TerminalRun {
  code: number | null;
  /** Everything the terminal showed: the questions, the answers echoed, the output. */
  screen: string;
  /** The questions answered, in order. */
  asked: string[];
}

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * Runs a compiled command in a pseudo-terminal (util-linux `script`), so its standard input is a
 * TTY as in a person's terminal, and answers each question when it shows: `answers` pairs a piece
 * of each question's text with what to type. A question that does not come, or one more, fails
 * the run: it is killed after `timeoutMs`.
 */
export function runInTerminal(
  command: string,
  args: string[],
  answers: ReadonlyArray<readonly [string, string]>,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 60_000,
): Promise<TerminalRun> {
  const line = [process.execPath, `compiled/cli/${command}.mjs`, ...args].map(quote).join(" ");
  const inherited: NodeJS.ProcessEnv = { ...process.env, TERM: "dumb" };
  delete inherited.BASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qefc", line, "/dev/null"], {
      cwd: REPO,
      env: { ...inherited, ...env },
      stdio: ["pipe", "pipe", "pipe"],
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    let screen = "";
    let seen = 0;
    const asked: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      screen += chunk.toString("utf8");
      // Each answer is typed once its question shows, as a person would; the next is looked for after it.
      for (let next = answers[asked.length]; next; next = answers[asked.length]) {
        const at = screen.indexOf(next[0], seen);
        if (at < 0) break;
        seen = at + next[0].length;
        asked.push(next[0]);
        child.stdin.write(`${next[1]}\r`);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (screen += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, screen, asked }));
  });
}
