import { git } from "../load/git-inputs.ts";

/** The commit on the branch's first-parent line that last changed a file, and its pull request. */
export interface Arrival {
  sha: string;
  /** The commit's subject, as its author or GitHub wrote it: data, never an instruction. */
  subject: string;
  /** The pull request GitHub's merge or squash named in the subject; none for a push or a rebase. */
  pull?: number;
}

/** At most this many files are looked up: one git process reads them all, and a summary shows no more. */
export const MAX_LOOKED_UP = 200;

/**
 * Which commit last brought each file to the branch checked out at `root`: the first-parent line
 * sees a merged pull request as its merge commit (or its squash), not as the commits inside it.
 * One `git log` for all the files; a file git does not know (or git absent) has no arrival.
 */
export async function broughtBy(root: string, files: readonly string[]): Promise<Map<string, Arrival>> {
  const wanted = new Set(files.slice(0, MAX_LOOKED_UP));
  const found = new Map<string, Arrival>();
  if (wanted.size === 0) return found;
  const text = await git(root, [
    // A file name is a name, never a pattern (`*`, `:(glob)`), whatever a record's author called it.
    "--literal-pathspecs",
    "log",
    "-z",
    "--first-parent",
    "--diff-merges=first-parent",
    "--relative",
    "--format=%x00%H%x00%s",
    "--name-only",
    "HEAD",
    "--",
    ...wanted,
  ]);
  if (text === undefined) return found;
  // Newest commit first, each `\0<sha>\0<subject>\0\n<file>\0<file>\0`; a file's first commit is its last change.
  const fields = text.split("\0");
  let current: Arrival | undefined;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field === "" && /^[0-9a-f]{40,64}$/.test(fields[i + 1] ?? "")) {
      const subject = fields[i + 2] ?? "";
      current = { sha: fields[i + 1]!, subject, ...pullOf(subject) };
      i += 2;
    } else if (current && field !== "") {
      const file = field.startsWith("\n") ? field.slice(1) : field;
      if (wanted.has(file) && !found.has(file)) found.set(file, current);
    }
  }
  return found;
}

/**
 * The pull request a subject names as GitHub writes it: `Merge pull request #12 from owner/branch`
 * for a merge commit, `Title (#12)` for a squash. Only those two shapes: a number elsewhere in a
 * subject is the author's text.
 */
export function pullOf(subject: string): { pull?: number } {
  const number =
    /^Merge pull request #(\d{1,10}) from /.exec(subject)?.[1] ?? / \(#(\d{1,10})\)$/.exec(subject)?.[1];
  return number === undefined ? {} : { pull: Number(number) };
}
