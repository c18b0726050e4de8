import { ENTRY_FOLDERS, EVENT_FILE, entryKindOf, slugOf } from "../record-layout.ts";
import { blobsAt } from "./blobs-at.ts";
import { GitFailed, gitAnswer } from "./git-answer.ts";
import { versionData } from "./version-data.ts";

/**
 * The projects that reached the default branch after `judging.seed` was set, each with its place in
 * the order they arrived (0 first; one not yet committed comes after every commit), so the
 * assignment hands them out after the rest and adding one moves no other project's judges (an
 * approved late project needs no extension for that). Read from git's first-parent line only, the
 * order the branch took the changes in: never a commit's date, which its author writes. The seed
 * marks when the on-time projects are in (docs/judging.md); its commit is the oldest of the newest
 * run of the event record's versions that hold today's seed. No seed, no git, or a seed not yet
 * committed: an empty map, and the projects are handed out as they were before any arrived. A git
 * that is here and fails (git-answer.ts) rejects with GitFailed: never taken for "none came late".
 */
export async function arrivalsAfterSeed(
  root: string,
  seed: string | null | undefined,
  slugs: readonly string[],
  /** The seed's commit when the caller has asked already (the build asks once for both readers). */
  seedAt?: Promise<string | undefined>,
): Promise<Map<string, number>> {
  const arrivals = new Map<string, number>();
  if (!seed) return arrivals;
  const from = await (seedAt ?? seedCommit(root, seed));
  if (from === undefined) return arrivals;
  const folder = ENTRY_FOLDERS.project;
  const [tree, log] = await Promise.all([
    gitAnswer(root, ["ls-tree", "-z", "--name-only", from, "--", `${folder}/`]),
    // Each commit after the seed's that added a project's file (a rename is a removal and an
    // addition), oldest last; --relative names them from the root, as ls-tree does.
    gitAnswer(root, [
      "log",
      "-z",
      "--first-parent",
      "--diff-merges=first-parent",
      "--no-renames",
      "--diff-filter=A",
      "--relative",
      "--format=%x00%H",
      "--name-only",
      `${from}..HEAD`,
      "--",
      folder,
    ]),
  ]);
  // The seed's commit was found, so there is a history: no answer now is a failure, not "none late".
  if (tree === undefined || log === undefined)
    throw new GitFailed(
      tree === undefined ? "ls-tree" : "log",
      "no history where the seed's commit was found",
    );
  const present = new Set(tree.split("\0").filter(isProject).map(slugOf));
  const { added, commits } = addedAfter(log);
  for (const slug of slugs) {
    const at = added.get(slug) ?? (present.has(slug) ? undefined : commits);
    if (at !== undefined) arrivals.set(slug, at);
  }
  return arrivals;
}

/**
 * The commit that set today's seed on the first-parent line, or undefined when none did (or there
 * is no history). Each version of the event record is read by the object id git names for it, so
 * one git cannot read is a GitFailed, not the end of the seed's run; a shallow clone, whose
 * history stops short, is one too.
 */
export async function seedCommit(root: string, seed: string): Promise<string | undefined> {
  const [shallow, listed] = await Promise.all([
    gitAnswer(root, ["rev-parse", "--is-shallow-repository"]),
    gitAnswer(root, [
      "log",
      "--first-parent",
      "--diff-merges=first-parent",
      "--no-renames",
      "--raw",
      "--no-abbrev",
      "--format=%H",
      "HEAD",
      "--",
      EVENT_FILE,
    ]),
  ]);
  if (shallow?.trim() === "true")
    throw new GitFailed(
      "rev-parse",
      "a shallow clone: its history stops short, so when judging.seed was set is not known",
    );
  const versions = eventVersions(listed ?? "");
  const texts = await blobsAt(
    root,
    versions.flatMap((v) => v.oid ?? []),
  );
  let found: string | undefined;
  let read = 0;
  for (const { commit, oid } of versions) {
    const text = oid === undefined ? undefined : texts[read++];
    if (text === undefined || seedOf(text) !== seed) return found;
    found = commit;
  }
  return found;
}

/**
 * `git log --format=%H --raw --no-abbrev` of one file, newest first: each commit and the object id
 * of the file it left, none where it removed the file (an all-zero id) or left a submodule there.
 */
function eventVersions(log: string): Array<{ commit: string; oid?: string }> {
  const versions: Array<{ commit: string; oid?: string }> = [];
  for (const line of log.split("\n")) {
    if (/^[0-9a-f]{40,64}$/.test(line)) versions.push({ commit: line });
    const raw = /^:\d+ (\d+) [0-9a-f]+ ([0-9a-f]+) /.exec(line);
    const last = versions.at(-1);
    if (raw && last && raw[1] !== "160000" && !/^0+$/.test(raw[2]!)) last.oid = raw[2]!;
  }
  return versions;
}

/**
 * `judging.seed` of a version of the event record, read as every record is (version-data.ts);
 * undefined when that version does not read, which ends the run of versions holding the seed: the
 * seed is not known to have been set before it, so it counts from the version after (fail closed:
 * a project is not taken for on time on a guess).
 */
function seedOf(text: string): unknown {
  const read = versionData(EVENT_FILE, text);
  return "data" in read ? (read.data as { judging?: { seed?: unknown } }).judging?.seed : undefined;
}

const isProject = (path: string): boolean => entryKindOf(path) === "project";

/**
 * `git log -z --format=%x00%H --name-only`, newest first: `\0<commit>\0\n<file>\0<file>\0`. Each
 * project's latest addition, numbered in the order of the commits that added one (oldest 0), and
 * how many such commits there are.
 */
function addedAfter(log: string): { added: Map<string, number>; commits: number } {
  const commits: string[][] = [];
  const fields = log.split("\0");
  for (let i = 0; i < fields.length; i++) {
    if (fields[i] === "") {
      if (fields[++i]) commits.push([]);
    } else commits.at(-1)?.push(fields[i]!.replace(/^\n/, ""));
  }
  const added = new Map<string, number>();
  commits.reverse().forEach((files, at) => {
    for (const file of files) if (isProject(file)) added.set(slugOf(file), at);
  });
  return { added, commits: commits.length };
}
