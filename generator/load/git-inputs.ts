import { execFile } from "node:child_process";
import { GitFailed, gitAnswer } from "./git-answer.ts";
import { repositoryEnv } from "./repository-env.ts";

/** What git says of the build's inputs (`records/` and `site/`), by path from the root. */
export interface GitInputs {
  /** Changed since the last commit: edited, staged or new. */
  changed: ReadonlySet<string>;
  /** When the newest commit touching each file was made, in ms. */
  committed: ReadonlyMap<string, number>;
  /** When the newest commit touching any input was made, in ms; undefined before the first. */
  newest: number | undefined;
}

/** A commit's history of the inputs, and where the root sits in the repository (`event/`, or ``). */
type History = Omit<GitInputs, "changed"> & { prefix: string };

const INPUTS = ["records", "site"];

/**
 * A root's history at the commit it was read at, which `npm run dev` keeps from save to save
 * (build-memory.ts): a commit's history never changes, and starting a process from one of 300 MB
 * costs the build about 10 ms, so a save starts one (`git status`), and a second only once HEAD
 * has moved.
 */
export class GitHistories {
  private kept?: { root: string; head: string; history: Promise<History | undefined> };

  of(root: string, head: string): Promise<History | undefined> {
    if (this.kept?.root !== root || this.kept.head !== head) {
      const kept = { root, head, history: history(root, head) };
      this.kept = kept;
      // One git could not read, or failed at, is asked again next time.
      const forget = () => {
        if (this.kept === kept) this.kept = undefined;
      };
      void kept.history.then((found) => found || forget(), forget);
    }
    return this.kept.history;
  }
}

/**
 * Starts asking git at once, so it answers while the records are read: the status, then the log of
 * the commit it names; undefined where there is no history (git not installed, not a repository;
 * a shallow clone answers with what it holds). A git that is here and fails rejects with GitFailed
 * (git-answer.ts): the records' dates are not known, and are not taken for the files' times (the
 * build's error: record-dates.ts). The answer is marked handled at once, as the build awaits it
 * after reading the records; it is still rethrown where awaited. Names are read NUL-separated
 * (`-z`), never quoted.
 */
export function startGitInputs(root: string, kept = new GitHistories()): Promise<GitInputs | undefined> {
  const answer = inputs(root, kept);
  answer.catch(() => {});
  return answer;
}

async function inputs(root: string, kept: GitHistories): Promise<GitInputs | undefined> {
  const status = gitAnswer(root, [
    "--no-optional-locks",
    "status",
    "--porcelain=v2",
    "-z",
    "--branch",
    "--untracked-files=all",
    "--",
    ...INPUTS,
  ]);
  const text = await status;
  if (text === undefined) return undefined;
  const { head, changed } = readStatus(text);
  if (head === undefined) return { changed, committed: new Map(), newest: undefined };
  // The log reads the commit the status saw, so what is kept is that commit's history.
  const found = await kept.of(root, head);
  if (!found) return undefined;
  // git names paths from the top of the repository, the build from its root (`--root event`).
  const { prefix, ...history } = found;
  const ours = new Set(
    [...changed].map((path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path)),
  );
  return { changed: ours, ...history };
}

/** The commit `head` and its history of the inputs: each file's newest commit, named from the root. */
async function history(root: string, head: string): Promise<History | undefined> {
  const [text, shown] = await Promise.all([
    // The first-parent line: a change is dated when it reached this branch (a merge, a squash, a
    // push), not by the date its author wrote into a pull request's commit.
    gitAnswer(root, [
      "log",
      "-z",
      "--first-parent",
      "--diff-merges=first-parent",
      "--format=%x00%ct",
      "--name-only",
      head,
      "--",
      ...INPUTS,
    ]),
    gitAnswer(root, ["rev-parse", "--show-prefix"]),
  ]);
  if (text === undefined || shown === undefined) return undefined;
  const prefix = shown.replace(/\n$/, "");
  const committed = new Map<string, number>();
  let newest: number | undefined;
  let ms: number | undefined;
  // Newest commit first, each `\0<seconds>\0\n<file>\0<file>\0`: an empty field (no name is empty)
  // begins a commit, its time follows. A file's first commit is its last change.
  const fields = text.split("\0");
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field === "") {
      const seconds = fields[++i];
      if (seconds === undefined || seconds === "") break;
      if (!/^\d+$/.test(seconds)) throw new GitFailed("log", `a commit time that is no number: ${seconds}`);
      ms = Number(seconds) * 1000;
      newest ??= ms;
    } else if (ms !== undefined) {
      const path = field.startsWith("\n") ? field.slice(1) : field;
      const name = path.startsWith(prefix) ? path.slice(prefix.length) : path;
      if (!committed.has(name)) committed.set(name, ms);
    } else throw new GitFailed("log", "a file named before any commit");
  }
  return { committed, newest, prefix };
}

/**
 * `git status --porcelain=v2 -z --branch`: the commit checked out (none before the first) and every
 * path that differs from it, in the index or the work tree, or is untracked.
 */
export function readStatus(text: string): { head: string | undefined; changed: Set<string> } {
  const fields = text.split("\0");
  const changed = new Set<string>();
  let head: string | undefined;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const oid = /^# branch\.oid ([0-9a-f]{40,64})$/.exec(field);
    if (oid) head = oid[1];
    // Ordinary, renamed (its old path follows), unmerged, untracked: the path after a fixed count of fields.
    const before = { "1": 8, "2": 9, u: 10, "?": 1 }[
      field[0] === undefined || field[1] !== " " ? "" : field[0]
    ];
    if (before === undefined) continue;
    changed.add(field.split(" ").slice(before).join(" "));
    if (field[0] === "2") i++;
  }
  return { head, changed };
}

/**
 * A git command's output about the repository in `cwd` (repositoryEnv), or undefined outside git or
 * on any failure.
 */
export function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) =>
    execFile(
      "git",
      args,
      { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: repositoryEnv() },
      (error, stdout) => resolve(error ? undefined : stdout),
    ),
  );
}
