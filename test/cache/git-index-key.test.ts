import {
  appendFileSync,
  cpSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startIndexListing } from "../../generator/cache/git-index-key.ts";
import { tempDir } from "../helpers/fixture-root.ts";
import { gitIn } from "../helpers/git-in.ts";

/**
 * An archive keyed by git's index (blob ids) instead of its bytes: only while git vouches that the
 * work tree holds exactly the blobs the index names. Every case that must fall back to reading the
 * files (no key from the index) is here: a key that missed a change would publish a stale archive.
 */
const git = gitIn;

const FILES: Record<string, string> = {
  "editions/2025/edition.json": "{}\n",
  "editions/2025/records/event.yaml": "name: Old\n",
  "editions/2026/edition.json": "{}\n",
  "editions/2026/records/event.yaml": "name: Jam\n",
  "editions/2026/site/public/logo.txt": "logo\n",
  "records/event.yaml": "name: Next\n",
};

let template: string;

/** A copy of the committed template repository (git sees new stat data, reads, and finds it clean). */
async function repo(): Promise<string> {
  const root = join(await tempDir(), "repo");
  cpSync(template, root, { recursive: true });
  return root;
}

const keyOf = async (root: string, folder = "editions/2026") =>
  (await startIndexListing(root, "editions"))?.key(folder, "prefix");

beforeAll(async () => {
  template = join(await tempDir(), "template");
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(template, path, ".."), { recursive: true });
    writeFileSync(join(template, path), text);
  }
  git(template, "init", "-q");
  git(template, "add", "-A");
  git(template, "commit", "-qm", "two editions");
});

describe("an archive's key from git's index", () => {
  it("is given for a clean checkout, one per folder, and changes with a committed change", async () => {
    const root = await repo();
    const key = await keyOf(root);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await keyOf(root, "editions/2025")).not.toBe(key);
    expect(await keyOf(root, "editions/2027")).toBeUndefined();
    // Same size, other bytes: another blob, another key once committed.
    writeFileSync(join(root, "editions/2026/records/event.yaml"), "name: Jan\n");
    git(root, "commit", "-qam", "edit");
    const edited = await keyOf(root);
    expect(edited).toMatch(/^[0-9a-f]{64}$/);
    expect(edited).not.toBe(key);
    // Asked from a folder inside the repository (`--root event`), the paths are the root's.
    const nested = join(await tempDir(), "outer");
    mkdirSync(nested);
    cpSync(root, join(nested, "event"), { recursive: true });
    rmSync(join(nested, "event/.git"), { recursive: true });
    git(nested, "init", "-q");
    git(nested, "add", "-A");
    git(nested, "commit", "-qm", "nested");
    expect(await keyOf(join(nested, "event"))).toBe(edited);
    // A .gitattributes of a folder that holds no part of the archive is not asked about; one in a
    // folder above it is, up to the repository's top.
    writeFileSync(join(nested, "event/records/.gitattributes"), "*.yaml eol=crlf\n");
    expect(await keyOf(join(nested, "event"))).toBe(edited);
    for (const folder of ["event", ""]) {
      writeFileSync(join(nested, folder, ".gitattributes"), "*.png binary\n");
      expect(await keyOf(join(nested, "event")), `${folder}/.gitattributes`).toBeUndefined();
      rmSync(join(nested, folder, ".gitattributes"));
    }
  });

  const fallsBack: Array<[string, (root: string) => void]> = [
    [
      "a file modified, same size",
      (r) => writeFileSync(join(r, "editions/2026/records/event.yaml"), "name: Jan\n"),
    ],
    ["a file deleted", (r) => rmSync(join(r, "editions/2026/site/public/logo.txt"))],
    ["an untracked file", (r) => writeFileSync(join(r, "editions/2026/site/public/new.txt"), "new\n")],
    ["an untracked file beside the editions", (r) => writeFileSync(join(r, "editions/stray.txt"), "x\n")],
    [
      "an ignored file",
      (r) => {
        writeFileSync(join(r, ".git/info/exclude"), "*.tmp\n");
        writeFileSync(join(r, "editions/2026/records/x.tmp"), "x\n");
      },
    ],
    [
      "a staged change",
      (r) => {
        writeFileSync(join(r, "editions/2026/edition.json"), "[]\n");
        git(r, "add", "editions/2026/edition.json");
      },
    ],
    [
      "an assume-unchanged file, changed",
      (r) => {
        git(r, "update-index", "--assume-unchanged", "editions/2026/edition.json");
        writeFileSync(join(r, "editions/2026/edition.json"), "[]\n");
      },
    ],
    ["a skip-worktree file", (r) => git(r, "update-index", "--skip-worktree", "editions/2026/edition.json")],
    ["an eol attribute", (r) => commitAttributes(r, "*.yaml eol=crlf\n")],
    ["a text attribute", (r) => commitAttributes(r, "editions/** text=auto\n")],
    ["a filter", (r) => commitAttributes(r, "*.txt filter=lfs\n")],
    ["ident", (r) => commitAttributes(r, "edition.json ident\n")],
    ["a working-tree encoding", (r) => commitAttributes(r, "*.yaml working-tree-encoding=UTF-16\n")],
    [
      "a .gitattributes changed since the index",
      (r) => writeFileSync(join(r, ".gitattributes"), "*.png binary\n"),
    ],
    [
      "attributes outside the repository's files",
      (r) => writeFileSync(join(r, ".git/info/attributes"), "*.json eol=crlf\n"),
    ],
    // Rules outside the repository's files changed after checkout: git status cannot see it.
    [
      ".git/info/attributes converting on checkout, then not",
      (r) =>
        checkedOutThenChanged(
          r,
          () => writeFileSync(join(r, ".git/info/attributes"), "*.yaml eol=crlf\n"),
          () => writeFileSync(join(r, ".git/info/attributes"), "*.yaml -text\n"),
        ),
    ],
    [
      "core.autocrlf true on checkout, then false",
      (r) =>
        checkedOutThenChanged(
          r,
          () => git(r, "config", "core.autocrlf", "true"),
          () => git(r, "config", "core.autocrlf", "false"),
        ),
    ],
    // Rules a commit changed after checkout, and a setting unset: only the sizes tell.
    [
      "a .gitattributes converting on checkout, removed by a later commit",
      (r) =>
        checkedOutThenChanged(
          r,
          () => commitAttributes(r, "*.yaml eol=crlf\n"),
          () => {
            git(r, "rm", "-q", ".gitattributes");
            git(r, "commit", "-qm", "no attributes");
          },
        ),
    ],
    [
      "core.autocrlf true on checkout, then unset",
      (r) =>
        checkedOutThenChanged(
          r,
          () => git(r, "config", "core.autocrlf", "true"),
          () => git(r, "config", "--unset", "core.autocrlf"),
        ),
    ],
    [".git/info/attributes holding rules that convert nothing", (r) => infoAttributes(r, "* -text\n")],
    [".git/info/attributes holding only a comment", (r) => infoAttributes(r, "# none\n")],
    ["core.eol", (r) => git(r, "config", "core.eol", "lf")],
    ["a filter driver in the repository's configuration", (r) => git(r, "config", "filter.x.smudge", "cat")],
    [
      "core.attributesFile naming a file with rules",
      (r) => {
        writeFileSync(join(r, "../attributes"), "* -text\n");
        git(r, "config", "core.attributesFile", join(r, "../attributes"));
      },
    ],
    [
      "core.attributesFile naming a file by a relative path",
      (r) => {
        writeFileSync(join(r, "attributes"), "* -text\n");
        git(r, "config", "core.attributesFile", "attributes");
      },
    ],
    ["core.autocrlf", (r) => git(r, "config", "core.autocrlf", "true")],
    // `[core] autocrlf` with no value is true, and `git config -z` prints no "\n" after its name.
    ["core.autocrlf with no value", (r) => appendFileSync(join(r, ".git/config"), "[core]\n\tautocrlf\n")],
    [
      // git takes the untracked LOGO.txt for the tracked logo.txt and calls the folder clean.
      "core.ignoreCase, and a file only the case of another's name tells apart",
      (r) => {
        git(r, "config", "core.ignoreCase", "true");
        writeFileSync(join(r, "editions/2026/site/public/LOGO.txt"), "other\n");
      },
    ],
    ["core.precomposeUnicode", (r) => git(r, "config", "core.precomposeUnicode", "true")],
    [
      "a symbolic link",
      (r) => {
        symlinkSync("../records/event.yaml", join(r, "editions/2026/site/link.yaml"));
        git(r, "add", "editions");
        git(r, "commit", "-qm", "link");
      },
    ],
    ["no repository", (r) => rmSync(join(r, ".git"), { recursive: true })],
    [
      "a shallow repository",
      (r) => writeFileSync(join(r, ".git/shallow"), `${git(r, "rev-parse", "HEAD").trim()}\n`),
    ],
  ];

  it.each(fallsBack)("is not given with %s", async (_, change) => {
    const root = await repo();
    change(root);
    expect(await keyOf(root)).toBeUndefined();
  });

  it("is given for the other folders when one holds a change, and git's own environment is not followed", async () => {
    const root = await repo();
    writeFileSync(join(root, "editions/2025/records/event.yaml"), "name: Olde\n");
    expect(await keyOf(root, "editions/2025")).toBeUndefined();
    const key = await keyOf(root);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // GIT_WORK_TREE naming another work tree (here the clean template), as a hook may have it:
    // git would vouch for those files, not the ones the build reads.
    writeFileSync(join(root, "editions/2026/records/event.yaml"), "name: Jan\n");
    const saved = process.env.GIT_WORK_TREE;
    process.env.GIT_WORK_TREE = template;
    try {
      expect(await keyOf(root)).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.GIT_WORK_TREE;
      else process.env.GIT_WORK_TREE = saved;
    }
  });

  it("is not given with the user's attributes file holding rules; is given with the user's filters", async () => {
    const root = await repo();
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = join(root, "../config");
    mkdirSync(join(root, "../config/git"), { recursive: true });
    try {
      // git-lfs's package configures its filter for the whole machine: no attribute, no conversion.
      writeFileSync(join(root, "../config/git/config"), '[filter "lfs"]\n\tsmudge = git-lfs smudge -- %f\n');
      writeFileSync(join(root, ".git/info/attributes"), "");
      expect(await keyOf(root)).toMatch(/^[0-9a-f]{64}$/);
      writeFileSync(join(root, "../config/git/attributes"), "* -text\n");
      expect(await keyOf(root)).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved;
    }
  });

  it("is given, and changes, with a name that holds line breaks and text like git's stat data", async () => {
    const root = await repo();
    const key = await keyOf(root);
    writeFileSync(join(root, "editions/2026/records/a\n  size: 1\tflags: 0\n"), "12345\n");
    git(root, "add", "editions");
    git(root, "commit", "-qm", "odd name");
    const odd = await keyOf(root);
    expect(odd).toMatch(/^[0-9a-f]{64}$/);
    expect(odd).not.toBe(key);
  });

  it("is not given for a name that is not UTF-8", async () => {
    const root = await repo();
    const name = Buffer.concat([
      Buffer.from(join(root, "editions/2026/site/public/")),
      Buffer.from([0x61, 0xff]),
    ]);
    writeFileSync(name, "x\n");
    git(root, "add", "editions");
    git(root, "commit", "-qm", "odd name");
    expect(await keyOf(root)).toBeUndefined();
  });
});

/** `.gitattributes` committed with `rules`, as a repository that had them all along. */
function commitAttributes(root: string, rules: string): void {
  writeFileSync(join(root, ".gitattributes"), rules);
  git(root, "add", ".gitattributes");
  git(root, "commit", "-qm", "attributes");
}

/** `.git/info/attributes` holding `rules`. */
function infoAttributes(root: string, rules: string): void {
  writeFileSync(join(root, ".git/info/attributes"), rules);
}

/**
 * An edition's file checked out again under `converting` (CRLF in the work tree), then `after` set:
 * its bytes are not the blob the index names, and git status, trusting its stat data, calls it clean.
 */
function checkedOutThenChanged(root: string, converting: () => void, after: () => void): void {
  const file = join(root, "editions/2026/records/event.yaml");
  converting();
  rmSync(file);
  git(root, "checkout", "--", "editions/2026/records/event.yaml");
  // A time well before the index's: git would read a file as old as its index again (racy git).
  const before = new Date("2026-01-01T00:00:00Z");
  utimesSync(file, before, before);
  git(root, "update-index", "-q", "--refresh");
  after();
  expect(readFileSync(file, "utf8")).toBe("name: Jam\r\n");
  expect(git(root, "status", "--porcelain")).toBe("");
}
