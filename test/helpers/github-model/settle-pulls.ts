import { REPOSITORY, type GithubModel } from "./github-model.ts";

/**
 * What GitHub does to an open pull request when its head or base branch moves so that the base
 * holds every commit of the head (the pull request has no commits left). GitHub documents none of
 * this; reports of what it did:
 * - a head force-pushed to the base's commit closes the pull request, which cannot be reopened:
 *   genuinetools/binctr#2 ("force pushed with no new commits. Github closes PRs like that
 *   automatically"), gfx-rs/metal-rs#323, Lucent-Financial-Group/Zeta#5011, dimikot/git-grok#30
 *   (case 2), isaacs/github#361;
 * - and may mark it merged: bitcoin-core/gitian.sigs#84 (head reset to the base, then a commit
 *   pushed: the pull request shows merged), dimikot/git-grok#30 (case 1);
 * - a base that comes to hold the head's commits marks it merged: refined-github/sandbox#163,
 *   Mergifyio/mergify#364, whatwg/html#58.
 * The model takes the harshest reading, merged. A pull request into the default branch that is
 * merged closes the issues its body names with a closing keyword (GitHub Docs, "Linking a pull
 * request to an issue": close, closes, closed, fix, fixes, fixed, resolve, resolves, resolved).
 */
export function settlePulls(m: GithubModel, repo: string, branch: string): void {
  for (const pr of m.pulls) {
    if (pr.state !== "open") continue;
    const moved =
      (pr.head.repo === repo && pr.head.ref === branch) || (repo === REPOSITORY && pr.base.ref === branch);
    const base = m.branch(REPOSITORY, pr.base.ref);
    if (!moved || !base || !m.git.reaches(base, pr.head.sha)) continue;
    pr.state = "closed";
    pr.merged = true;
    if (pr.base.ref !== m.defaultBranch) continue;
    for (const [, number] of pr.body.matchAll(CLOSING)) {
      const issue = m.issues.find((i) => i.number === Number(number));
      if (issue) issue.state = "closed";
    }
  }
}

const CLOSING = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+#(\d+)\b/gi;
