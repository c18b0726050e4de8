import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** A pull request as it reached `main`: GitHub's merge commit, its squash, or its commits rebased. */
export interface MergedPull {
  number: number;
  how: "merge" | "squash" | "rebase";
  /** Files it adds or changes, by path from the root. */
  files: Record<string, string>;
}

/**
 * Puts `root` in git on `main` (everything in it committed first), then merges each pull request
 * in turn with the commit message GitHub writes for it; gives the new head's SHA.
 */
export async function mergePulls(root: string, pulls: readonly MergedPull[]): Promise<string> {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      cwd: root,
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: "2026-11-28T18:00:00Z",
        GIT_COMMITTER_DATE: "2026-11-28T18:00:00Z",
      },
      encoding: "utf8",
    }).trim();
  const put = async (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    git("add", "--", ...Object.keys(files));
  };
  if (!existsSync(join(root, ".git"))) {
    git("init", "-q", "-b", "main");
    git("add", ".");
    git("commit", "-qm", "Initial records");
  }
  for (const pull of pulls) {
    const title = `Add ${Object.keys(pull.files).join(", ")}`;
    if (pull.how === "merge") {
      git("checkout", "-qb", `pull-${pull.number}`);
      await put(pull.files);
      git("commit", "-qm", title);
      git("checkout", "-q", "main");
      git(
        "merge",
        "-q",
        "--no-ff",
        `pull-${pull.number}`,
        "-m",
        `Merge pull request #${pull.number} from alice/pull-${pull.number}`,
      );
    } else {
      await put(pull.files);
      git("commit", "-qm", pull.how === "squash" ? `${title} (#${pull.number})` : title);
    }
  }
  return git("rev-parse", "HEAD");
}
