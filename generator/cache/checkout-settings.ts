import { stat } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import { gitOutput } from "./git-output.ts";

/**
 * Settings that convert a file's bytes on checkout (git-config(1)): `core.autocrlf` (text=auto and
 * CRLF for every file) and `core.eol` (the line ending of files marked text). Set at all, even to
 * false, they give no key: git converted the files by the settings of their checkout, and
 * `git status` trusts a file whose stat data has not changed since, so a setting changed after it
 * (true, then false) leaves CRLF bytes git calls clean. `core.safecrlf` and
 * `core.checkRoundtripEncoding` only check a conversion, and convert nothing.
 */
const CONVERTING = /^core\.(autocrlf|eol)$/;

/**
 * Settings by which `git status` trusts less of a file's stat data than its defaults (the change
 * time, the inode): a same-size edit with its time put back (`cp -p`, rsync -t, tar, a cache
 * restore) then passes for clean. Any value but the default gives no key.
 */
const STAT: Record<string, string> = { "core.trustctime": "true", "core.checkstat": "default" };

/** Settings by which git takes one name for another (an untracked `LOGO.txt` for `logo.txt`). */
const NAMING = /^core\.(ignorecase|precomposeunicode)$/;

/**
 * A filter driver (`filter.<driver>.clean`, `smudge`, `process`) converts only the files an
 * attribute names, and check-attr reads the attributes as they are now; one configured in the
 * repository itself says that it uses filters, whose attributes may have changed since checkout.
 * One from the machine's or the user's configuration says nothing of the repository: the git-lfs
 * package sets `filter.lfs.*` for the whole system (Ubuntu's, as on GitHub's runners).
 */
const FILTER = /^filter\..+\.(clean|smudge|process)$/;

/**
 * Whether git's settings let the index vouch for the work tree's bytes: undefined when git could
 * not say, false when a setting converts (or converted) files on checkout, matches names loosely
 * or trusts less stat data, or when an attributes file outside the repository's files holds
 * anything (`infoAttributes`, `.git/info/attributes` from `root`, and the user's
 * `core.attributesFile`): those are no file git tracks, so `git status` cannot tell that they
 * changed since the files were checked out.
 */
export async function settingsVouch(root: string, infoAttributes: string): Promise<boolean | undefined> {
  const [settings, attributesFile] = await Promise.all([
    gitOutput(
      root,
      [
        "config",
        "-z",
        "--show-scope",
        "--get-regexp",
        "^(core\\.(autocrlf|eol|ignorecase|precomposeunicode|trustctime|checkstat)|filter\\..*)$",
      ],
      [0, 1],
    ),
    gitOutput(root, ["config", "-z", "--path", "--get", "core.attributesFile"], [0, 1]),
  ]);
  if (settings === undefined || attributesFile === undefined) return undefined;
  const fields = settings.split("\0");
  // `scope\0name\nvalue\0`; `[core] autocrlf` with no value is true, printed with no "\n".
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [name = "", value] = fields[i + 1]!.split("\n");
    const local = fields[i] === "local" || fields[i] === "worktree";
    if (CONVERTING.test(name) || (NAMING.test(name) && value !== "false") || (FILTER.test(name) && local))
      return false;
    if (name in STAT && value !== STAT[name]) return false;
  }
  const named = attributesFile.split("\0")[0];
  // A relative core.attributesFile is git's to place (from wherever it runs): not told, not trusted.
  if (named && !isAbsolute(named)) return false;
  const files = [resolve(root, infoAttributes), named || userAttributes()];
  const empty = await Promise.all(files.map((file) => file === undefined || isEmpty(file)));
  return empty.every(Boolean);
}

/** git's default `core.attributesFile`: `$XDG_CONFIG_HOME/git/attributes`, else `$HOME/.config/git/attributes`. */
function userAttributes(): string | undefined {
  const { XDG_CONFIG_HOME: config, HOME: home } = process.env;
  if (config) return join(config, "git/attributes");
  return home ? join(home, ".config/git/attributes") : undefined;
}

/** A file that is missing or holds nothing; anything git might read, or that cannot be told, is not. */
async function isEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size === 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR";
  }
}
