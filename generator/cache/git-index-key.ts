import { createHash } from "node:crypto";
import { settingsVouch } from "./checkout-settings.ts";
import { gitOutput } from "./git-output.ts";
import { readDebugListing, resizedPaths } from "./index-sizes.ts";

/**
 * Attributes that make a file's bytes in the work tree differ from its blob (gitattributes(5):
 * end-of-line conversion, `crlf` its older name, filters, `$Id$` expansion, re-encoding).
 */
const CONVERTING = new Set(["text", "eol", "crlf", "filter", "ident", "working-tree-encoding"]);

/** An index entry git checks against the work tree: no flag (`H`), a plain file, merged (stage 0). */
const PLAIN = /^H (100644|100755) ([0-9a-f]{40}|[0-9a-f]{64}) 0\t(.+)$/s;

/**
 * What git's index says of each folder under `under/` (the archive, `editions/`), for a key of
 * its files by blob id instead of by reading them (issue 57: reading an archive's 20,000 files
 * was a fifth of what it adds to Publish). A folder's key comes from the index only when git
 * vouches that every file in the work tree is the blob the index names; anything unusual gives
 * no key, and the caller reads the bytes (folder-key.ts):
 *
 * - no git, a failed command, a shallow repository, a name that is not UTF-8;
 * - an entry with a flag (`assume-unchanged`, `skip-worktree`: git stops looking at the file), not
 *   merged, or no plain file (a link, a submodule);
 * - anything `git status` names in the folder: modified, staged, deleted, untracked, ignored;
 * - a conversion attribute (CONVERTING) on any of its files, or a `.gitattributes` that applies to
 *   the archive (in it, or in a folder above it) changed since the index (its files were checked
 *   out by other rules than git reports now);
 * - a setting that converts on checkout, matches names loosely, or an attributes file outside the
 *   repository's files that holds anything (checkout-settings.ts: no `git status` sees them change);
 * - a file whose size in the index is not its blob's (index-sizes.ts: converted at checkout by
 *   rules that have changed since, which `git status`, trusting the file's stat data, cannot see).
 *
 * Started at once, in parallel with the build's own reading, and awaited when the keys are needed.
 */
export async function startIndexListing(root: string, under: string): Promise<IndexListing | undefined> {
  // Where the root is in the repository first (a few ms, while the build reads its records).
  const where = await gitOutput(root, [
    "rev-parse",
    "--is-shallow-repository",
    "--show-prefix",
    "--git-path",
    "info/attributes",
  ]);
  const [shallow, prefix = "", infoAttributes] = (where ?? "").split("\n");
  if (shallow !== "false" || !infoAttributes) return undefined;
  const [listed, status, vouched] = await Promise.all([
    // With the stat data the index keeps: the sizes it holds (index-sizes.ts).
    gitOutput(root, ["ls-files", "-s", "-v", "--debug", "-z", "--", under]),
    // fsmonitor off: git stats every file itself instead of trusting a daemon's word. The
    // `.gitattributes` that can apply to the archive are those of the folders above it; naming
    // them, not `**`, spares git a walk of the whole work tree (0.07 s of its CPU at 40,000 files).
    gitOutput(root, [
      "-c",
      "core.fsmonitor=false",
      "--no-optional-locks",
      "status",
      "--porcelain=v2",
      "-z",
      "--untracked-files=all",
      "--ignored=matching",
      "--",
      under,
      ...attributeFiles(prefix),
    ]),
    settingsVouch(root, infoAttributes),
  ]);
  const listing = listed === undefined ? undefined : readDebugListing(listed);
  if (listing === undefined || status === undefined || !vouched) return undefined;
  const { entries, sizes } = listing;
  const paths = entries.map((e) => e.slice(e.indexOf("\t") + 1));
  const [attributes, resized] = await Promise.all([
    gitOutput(root, ["check-attr", "-a", "-z", "--stdin"], [0], paths.join("\0")),
    resizedPaths(root, entries, sizes),
  ]);
  if (attributes === undefined || resized === undefined) return undefined;
  return new IndexListing(under, entries, statusPaths(status, prefix), converted(attributes), resized);
}

/** The `.gitattributes` of the repository's top and of each folder down to the root (`a/b/`). */
function attributeFiles(prefix: string): string[] {
  const folders = [""];
  for (let end = prefix.indexOf("/"); end !== -1; end = prefix.indexOf("/", end + 1))
    folders.push(prefix.slice(0, end + 1));
  return folders.map((folder) => `:(top,literal)${folder}.gitattributes`);
}

/** The index's entries under `under/`, and the folders git does not vouch for. */
export class IndexListing {
  private readonly untrusted = new Set<string>();
  private readonly byFolder = new Map<string, string[]>();
  /** Set when git does not vouch for any folder (a `.gitattributes` changed). */
  private none = false;

  constructor(
    private readonly under: string,
    entries: readonly string[],
    ...distrusted: Array<readonly string[]>
  ) {
    for (const list of distrusted) for (const path of list) this.distrust(path);
    for (const entry of entries) {
      const found = PLAIN.exec(entry);
      const path = found?.[3] ?? entry.slice(entry.indexOf("\t") + 1);
      const folder = this.folderOf(path);
      if (folder === undefined) continue;
      if (!found) this.untrusted.add(folder);
      else {
        const list = this.byFolder.get(folder);
        if (list) list.push(entry);
        else this.byFolder.set(folder, [entry]);
      }
    }
  }

  /**
   * The key of `folder` (`editions/<id>`) from its entries' paths (from the folder), modes and blob
   * ids, under `prefix`; undefined when git does not vouch for it or holds nothing there.
   */
  key(folder: string, prefix: string): string | undefined {
    const entries = this.byFolder.get(folder);
    if (!entries || this.none || this.untrusted.has(folder)) return undefined;
    // A different text from folder-key.ts's, so the two kinds of key never meet.
    const hash = createHash("sha256").update(prefix).update("\0git-index\0");
    for (const entry of entries) {
      const [, mode, oid, path] = PLAIN.exec(entry)!;
      hash.update(`\0${path!.slice(folder.length + 1)}\0${mode} ${oid}`);
    }
    return hash.digest("hex");
  }

  /**
   * A path git names: its edition's folder is not vouched for; a `.gitattributes`, or anything in
   * `under/` but in an edition's folder (`under/` itself, a file beside the folders), none is.
   */
  private distrust(path: string): void {
    if (path === ".gitattributes" || path.endsWith("/.gitattributes")) this.none = true;
    const folder = this.folderOf(path);
    if (folder !== undefined) this.untrusted.add(folder);
    else if (path === this.under || path.startsWith(`${this.under}/`)) this.none = true;
  }

  /** `under/<name>` for a path below it (from the root), else undefined. */
  private folderOf(path: string): string | undefined {
    if (!path.startsWith(`${this.under}/`)) return undefined;
    const end = path.indexOf("/", this.under.length + 1);
    return end === -1 ? undefined : path.slice(0, end);
  }
}

/**
 * Every path `git status --porcelain=v2 -z` names, from the root (git names them from the top of
 * the repository): ordinary, renamed (both names), unmerged, untracked and ignored entries.
 */
function statusPaths(text: string, prefix: string): string[] {
  const fields = text.split("\0");
  const paths: string[] = [];
  const fromRoot = (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : `../${path}`);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const before = { "1": 8, "2": 9, u: 10, "?": 1, "!": 1 }[field[1] === " " ? field[0]! : ""];
    if (before === undefined) continue;
    paths.push(fromRoot(field.split(" ").slice(before).join(" ")));
    if (field[0] === "2") paths.push(fromRoot(fields[++i] ?? ""));
  }
  return paths;
}

/**
 * `git check-attr -a -z` names only the attributes a path has (`path\0attribute\0value\0`): the
 * paths with one that converts its bytes, set or valued (unset, `-text`, converts nothing).
 */
function converted(text: string): string[] {
  const fields = text.split("\0");
  const paths: string[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3)
    if (CONVERTING.has(fields[i + 1]!) && fields[i + 2] !== "unset") paths.push(fields[i]!);
  return paths;
}
