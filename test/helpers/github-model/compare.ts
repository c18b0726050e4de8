import { blobSha } from "./git-store.ts";
import { REPOSITORY, type GithubModel } from "./github-model.ts";
import type { Answer } from "./routes.ts";

/**
 * "Compare two commits" (`GET /repos/{owner}/{repo}/compare/{base}...{head}`, docs: REST commits):
 * the three-dot comparison from the merge base of the two to the head, its files listed with their
 * blob `sha` (a removed file's is the blob it had), at most 300 files as GitHub lists them.
 */
export const MAX_COMPARE_FILES = 300;

export const COMPARE: Record<string, (m: GithubModel, a: { params: Record<string, string> }) => Answer> = {
  "repos/compare-commits-with-basehead": (m, { params }) => {
    const match = /^(.+)\.\.\.(.+)$/.exec(params.basehead ?? "");
    const resolve = (ref: string) =>
      m.git.has(ref) ? ref : m.branch(REPOSITORY, ref.replace(/^refs\/heads\//, ""));
    const [base, head] = match ? [resolve(match[1]!), resolve(match[2]!)] : [];
    if (!base || !head)
      return {
        status: 404,
        data: {
          message: "Not Found",
          documentation_url: "https://docs.github.com/rest/commits/commits#compare-two-commits",
        },
      };
    const mergeBase = m.git.mergeBase(base, head);
    const before = mergeBase ? m.git.get(mergeBase).tree : new Map<string, string>();
    const after = m.git.get(head).tree;
    const files = m.git
      .diff(mergeBase, head)
      .slice(0, MAX_COMPARE_FILES)
      .map((f) => {
        const text = (f.status === "removed" ? before : after).get(f.filename)!;
        return {
          sha: blobSha(text),
          filename: f.filename,
          status: f.status,
          additions: 0,
          deletions: 0,
          changes: 0,
        };
      });
    const ahead = m.git.reaches(head, base);
    return {
      status: 200,
      data: {
        status:
          head === base ? "identical" : ahead ? "ahead" : m.git.reaches(base, head) ? "behind" : "diverged",
        merge_base_commit: { sha: mergeBase ?? null },
        files,
      },
    };
  },
};
