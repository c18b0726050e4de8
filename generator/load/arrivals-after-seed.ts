import { execFile } from "node:child_process";
import { ENTRY_FOLDERS, EVENT_FILE, entryKindOf, slugOf } from "../record-layout.ts";
import { git } from "./git-inputs.ts";
import { versionData } from "./version-data.ts";

/**
 * The projects that reached the default branch after `judging.seed` was set, each with its place in
 * the order they arrived (0 first; one not yet committed comes after every commit), so the
 * assignment hands them out after the rest and adding one moves no other project's judges (an
 * approved late project needs no extension for that). Read from git's first-parent line only, the
 * order the branch took the changes in: never a commit's date, which its author writes. The seed
 * marks when the on-time projects are in (docs/judging.md); its commit is the oldest of the newest
 * run of the event record's versions that hold today's seed. No seed, no git, or a seed not yet
 * committed: an empty map, and the projects are handed out as they were before any arrived.
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
    git(root, ["ls-tree", "-z", "--name-only", from, "--", `${folder}/`]),
    // Each commit after the seed's that added a project's file (a rename is a removal and an
    // addition), oldest last; --relative names them from the root, as ls-tree does.
    git(root, [
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
  if (tree === undefined || log === undefined) return arrivals;
  const present = new Set(tree.split("\0").filter(isProject).map(slugOf));
  const { added, commits } = addedAfter(log);
  for (const slug of slugs) {
    const at = added.get(slug) ?? (present.has(slug) ? undefined : commits);
    if (at !== undefined) arrivals.set(slug, at);
  }
  return arrivals;
}

/** The commit that set today's seed on the first-parent line, or undefined when none did. */
export async function seedCommit(root: string, seed: string): Promise<string | undefined> {
  const listed = await git(root, ["log", "--first-parent", "--format=%H", "HEAD", "--", EVENT_FILE]);
  const commits = listed?.split("\n").filter(Boolean) ?? [];
  const texts = await blobsAt(
    root,
    commits.map((c) => `${c}:./${EVENT_FILE}`),
  );
  let found: string | undefined;
  for (const [i, commit] of commits.entries()) {
    const text = texts[i];
    if (text === undefined || seedOf(text) !== seed) return found;
    found = commit;
  }
  return found;
}

/**
 * Each `<commit>:./<path>` given (the event record at each commit, say), read by one `git cat-file
 * --batch` (one process, not one a version: their count grows with every change to the event);
 * undefined where it is missing or not UTF-8, as the loader refuses a file unread; its size and
 * lines are versionData's to judge, before it parses one.
 */
export function blobsAt(root: string, specs: readonly string[]): Promise<Array<string | undefined>> {
  if (!specs.length) return Promise.resolve([]);
  return new Promise((resolve) => {
    const child = execFile(
      "git",
      ["cat-file", "--batch"],
      { cwd: root, encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
      (error, out) => {
        if (error) return resolve([]);
        const texts: Array<string | undefined> = [];
        // Each answer: `<oid> blob <size>\n<content>\n`, or `<name> missing\n`.
        for (let at = 0; at < out.length && texts.length < specs.length;) {
          const end = out.indexOf(10, at);
          if (end < 0) break;
          const size = /^[0-9a-f]+ blob (\d+)$/.exec(out.toString("utf8", at, end))?.[1];
          at = end + 1;
          if (size === undefined) texts.push(undefined);
          else {
            texts.push(recordText(out.subarray(at, at + Number(size))));
            at += Number(size) + 1;
          }
        }
        resolve(texts);
      },
    );
    // A git that stops early closes its input: the callback above tells that, not an EPIPE thrown here.
    child.stdin?.on("error", () => {});
    child.stdin?.end(specs.map((spec) => `${spec}\n`).join(""));
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A version's text, or undefined where it is not UTF-8 (read-record-file.ts refuses such a file). */
function recordText(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
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
