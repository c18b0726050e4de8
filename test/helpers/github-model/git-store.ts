import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A commit as git keeps it: its parents and the whole tree, path → file text. */
export interface Commit {
  sha: string;
  parents: string[];
  tree: ReadonlyMap<string, string>;
}

export interface FileChange {
  filename: string;
  status: "added" | "removed" | "modified";
}

/** The blob SHA git and GitHub give a file: SHA-1 of `blob <bytes>\0<content>`. */
export function blobSha(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest("hex");
}

/**
 * The commits of one repository network (a repository and its forks share objects, which is why
 * a fork's commit can be read, and given a status, through the parent repository's API).
 */
export class GitStore {
  readonly commits = new Map<string, Commit>();
  /** Trees by SHA: the Git Data API names a tree by its SHA (a commit's, or one `POST /git/trees` made). */
  private readonly trees = new Map<string, ReadonlyMap<string, string>>();
  private readonly shas = new WeakMap<ReadonlyMap<string, string>, string>();
  private readonly merges = new Map<string, string | undefined>();
  private count = 0;

  /** A new commit on top of `parent` (none: a root commit) that writes the given files and deletes those set to null. */
  commit(parent: string | undefined, changes: Record<string, string | null>): string {
    const tree = new Map(parent ? this.get(parent).tree : []);
    for (const [path, text] of Object.entries(changes))
      if (text === null) tree.delete(path);
      else tree.set(path, text);
    // Unique by the count; the parent and the change (not the whole tree, hashed again on every
    // push of a test's hundreds) keep it git-like.
    const sha = createHash("sha1")
      .update(JSON.stringify([parent ?? null, changes, ++this.count]))
      .digest("hex");
    this.commits.set(sha, { sha, parents: parent ? [parent] : [], tree });
    return sha;
  }

  /** A commit of an existing tree on top of `parents`, as `POST /git/commits` makes it. */
  commitTree(parents: readonly string[], treeSha: string, message: string): string {
    const tree = this.trees.get(treeSha);
    if (!tree || parents.some((p) => !this.has(p))) throw new Error("no such tree or parent");
    const sha = createHash("sha1")
      .update(JSON.stringify(["commit", parents, treeSha, message, ++this.count]))
      .digest("hex");
    this.commits.set(sha, { sha, parents: [...parents], tree });
    return sha;
  }

  /** The SHA git gives a tree: the same files give the same SHA, wherever they come from. */
  treeSha(tree: ReadonlyMap<string, string>): string {
    // A tree is never changed once made (commits and POST /git/trees make new ones), so its SHA is
    // worked out once: a merge queue's runs ask for the same commit's tree hundreds of times.
    const known = this.shas.get(tree);
    if (known) return known;
    const sha = createHash("sha1")
      .update(JSON.stringify(["tree", [...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]))
      .digest("hex");
    this.trees.set(sha, tree);
    this.shas.set(tree, sha);
    return sha;
  }

  /** A tree by its SHA, if the store has made or given it. */
  tree(sha: string): ReadonlyMap<string, string> | undefined {
    return this.trees.get(sha);
  }

  /**
   * The test merge GitHub makes of a pull request: `base` and `head` merged three-way from their
   * merge base, file by file as git does (lines by `git merge-file`). Undefined on a conflict,
   * where GitHub reports `mergeable: false` and no test merge commit.
   */
  merge(base: string, head: string): string | undefined {
    const key = `${base}+${head}`;
    if (this.merges.has(key)) return this.merges.get(key)!;
    const ancestor = this.mergeBase(base, head);
    const [o, a, b] = [ancestor, base, head].map((sha) => (sha ? this.get(sha).tree : new Map()));
    const tree = new Map<string, string>();
    let conflict = false;
    for (const path of new Set([...o!.keys(), ...a!.keys(), ...b!.keys()])) {
      const [was, ours, theirs] = [o!.get(path), a!.get(path), b!.get(path)];
      const text =
        theirs === was ? ours : ours === was || ours === theirs ? theirs : mergeLines(was, ours, theirs);
      if (text === null) conflict = true;
      else if (text !== undefined) tree.set(path, text);
    }
    const sha = conflict
      ? undefined
      : createHash("sha1")
          .update(JSON.stringify(["merge", base, head]))
          .digest("hex");
    if (sha) this.commits.set(sha, { sha, parents: [base, head], tree });
    this.merges.set(key, sha);
    return sha;
  }

  get(sha: string): Commit {
    const commit = this.commits.get(sha);
    if (!commit) throw new Error(`no commit ${sha}`);
    return commit;
  }

  has(sha: string): boolean {
    return this.commits.has(sha);
  }

  /** Whether `ancestor` is `sha` or reachable from it (a fast-forward from `ancestor` to `sha`). */
  reaches(sha: string, ancestor: string): boolean {
    return this.ancestors(sha).has(ancestor);
  }

  /**
   * The newest commit both reach, as `git merge-base` finds it: a common ancestor that no other
   * common ancestor descends from. The nearest one by parent steps is not always it: a merge group
   * whose entry branched from an older base reaches that older base in fewer steps than the base
   * it was built on. A pull request's files are the head's changes since it.
   */
  mergeBase(a: string, b: string): string | undefined {
    const seen = this.ancestors(a);
    const common: string[] = [];
    const visited = new Set<string>();
    const queue = [b];
    while (queue.length) {
      const sha = queue.shift()!;
      if (visited.has(sha)) continue;
      visited.add(sha);
      if (seen.has(sha)) common.push(sha);
      else queue.push(...this.get(sha).parents);
    }
    return common.find((c) => !common.some((other) => other !== c && this.reaches(other, c)));
  }

  /** What `to` changes compared with `from`, sorted by path as GitHub lists a pull request's files. */
  diff(from: string | undefined, to: string): FileChange[] {
    const before = from ? this.get(from).tree : new Map<string, string>();
    const after = this.get(to).tree;
    const changes: FileChange[] = [];
    for (const path of new Set([...before.keys(), ...after.keys()])) {
      const a = before.get(path);
      const b = after.get(path);
      if (a === b) continue;
      changes.push({
        filename: path,
        status: a === undefined ? "added" : b === undefined ? "removed" : "modified",
      });
    }
    return changes.sort((x, y) => x.filename.localeCompare(y.filename));
  }

  private ancestors(sha: string): Set<string> {
    const seen = new Set<string>();
    const queue = [sha];
    while (queue.length) {
      const next = queue.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...this.get(next).parents);
    }
    return seen;
  }
}

/** Git's line merge of one file changed on both sides; null on a conflict (or a delete beside an edit). */
function mergeLines(was: string | undefined, ours: string | undefined, theirs: string | undefined) {
  if (ours === undefined || theirs === undefined) return null;
  const dir = mkdtempSync(join(tmpdir(), "merge-file-"));
  try {
    const [o, a, b] = ["base", "ours", "theirs"].map((name) => join(dir, name));
    writeFileSync(o!, was ?? "");
    writeFileSync(a!, ours);
    writeFileSync(b!, theirs);
    // Exit status: the number of conflicts (thrown as an error when it is not 0).
    return execFileSync("git", ["merge-file", "-p", a!, o!, b!], { encoding: "utf8" });
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
