import { createHash } from "node:crypto";

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
  private count = 0;

  /** A new commit on top of `parent` (none: a root commit) that writes the given files and deletes those set to null. */
  commit(parent: string | undefined, changes: Record<string, string | null>): string {
    const tree = new Map(parent ? this.get(parent).tree : []);
    for (const [path, text] of Object.entries(changes))
      if (text === null) tree.delete(path);
      else tree.set(path, text);
    const sha = createHash("sha1")
      .update(JSON.stringify([parent ?? null, [...tree], ++this.count]))
      .digest("hex");
    this.commits.set(sha, { sha, parents: parent ? [parent] : [], tree });
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

  /** The newest commit both reach: a pull request's files are the head's changes since it. */
  mergeBase(a: string, b: string): string | undefined {
    const seen = this.ancestors(a);
    const queue = [b];
    while (queue.length) {
      const sha = queue.shift()!;
      if (seen.has(sha)) return sha;
      queue.push(...this.get(sha).parents);
    }
    return undefined;
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
