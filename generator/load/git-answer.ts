import { execFile } from "node:child_process";
import { mayHoldRepository } from "./repository-above.ts";
import { repositoryEnv } from "./repository-env.ts";

/**
 * git is here and could not answer (a damaged or shallow clone, an object it cannot read): what the
 * build reads from the history is not known, and is not taken for "nothing happened".
 */
export class GitFailed extends Error {
  constructor(
    /** The command, as `git <command>`: `cat-file --batch`. */
    readonly command: string,
    /** What git said, or what was wrong with its answer. */
    readonly said: string,
  ) {
    super(`git ${command} failed: ${said}`);
    this.name = "GitFailed";
  }
}

/**
 * Where there is no history to read, as git words it with LC_ALL=C: not a repository, or one
 * without a commit yet (HEAD names none). Anything else git fails at is a failure.
 */
const NO_HISTORY =
  /not a git repository|does not have any commits yet|ambiguous argument 'HEAD'|bad revision 'HEAD'/i;

/**
 * A git command's output; undefined where there is no history to ask (git not installed, not a
 * repository, no commit yet; git is not started where it would find no repository:
 * repository-above.ts); rejected with GitFailed where git is there and fails. Unlike
 * git-inputs.ts's `git`, which dates files and takes any failure for "no git", for readers whose
 * "nothing there" would hand something out (the judging seed's history).
 */
export function gitAnswer(cwd: string, args: readonly string[]): Promise<string | undefined> {
  if (!mayHoldRepository(cwd)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) =>
    execFile(
      "git",
      args,
      // Git's own words, whatever the machine's language, so NO_HISTORY reads them; about the
      // repository in `cwd`, not a hook's (repositoryEnv).
      { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: repositoryEnv({ LC_ALL: "C" }) },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || NO_HISTORY.test(stderr)) return resolve(undefined);
        reject(new GitFailed(args[0] ?? "", firstLine(stderr) || error.message));
      },
    ),
  );
}

/** git's first `fatal:`/`error:` line, or its first line. */
export function firstLine(stderr: string): string {
  const lines = stderr.split("\n").filter(Boolean);
  return (lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[0] ?? "").trim();
}
