/**
 * The ownership verdict on a merge group of GitHub's merge queue: its head commit holds the base
 * branch, the entries ahead of one pull request and that pull request, merged by GitHub. Report
 * judged each pull request on its own head; the group is green only when it carries nothing else:
 * - every pull request in it (the queue's entries up to and including the one the group is for,
 *   read from GitHub; its branch name must agree) has a `success` ownership status on its own
 *   head set by Report itself (the Actions bot, or the App's bot);
 * - every file the group changes against its base is, at the group's head, the very blob a pull
 *   request in the group brings at its head (so two pull requests that change one file, merged
 *   into a text neither of them had judged, fail).
 * Anything it cannot read fails closed, naming the pull request and why.
 */
export interface GroupEntry {
  position: number;
  number: number;
  author: string;
  headSha: string;
  /** The head commit of the entry's group, when the queue has built one. */
  groupSha: string | null;
  /** The paths the pull request changes; undefined when GitHub lists more than Report reads. */
  files: string[] | undefined;
}
export interface GroupChange {
  path: string;
  status: "added" | "modified" | "removed" | "renamed" | string;
  /** The blob at the group's head (a removed file's is the one it had). */
  sha: string;
}
export interface GroupFacts {
  headSha: string;
  /** The group's branch: `gh-readonly-queue/<base>/pr-<n>-<sha>`. */
  headBranch: string;
  defaultBranch: string;
  entries: GroupEntry[];
  /** What the group changes against its base branch; undefined past what GitHub lists. */
  changes: GroupChange[] | undefined;
  /** Each pull request's ownership status on its head: state, who set it and its words, or none. */
  verdicts: Map<number, HeadVerdict | null>;
  /** The blob of `path` at pull request `number`'s head (`${number} ${path}`), null when absent. */
  blobs: Map<string, string | null>;
  /** Who may set the ownership status: Report's own accounts. */
  trusted: readonly string[];
}
export interface HeadVerdict {
  state: string;
  creator: string;
  description?: string | undefined;
}
export type GroupVerdict =
  | { state: "success"; description: string; pulls: number[] }
  | { state: "failure"; description: string; pulls: number[]; blame?: number };

/** The words of Report's green status on a group's head; the group's pull requests follow them. */
export const GROUP_GREEN = "Every pull request in this group has a green verdict for what it brings";

/**
 * Whether a head's ownership status is a pull request's own green verdict, set by Report. A status
 * belongs to a commit, and a merge group's commit (which any branch of the network can point at,
 * after GitHub discards the group) carries Report's green for the group: that judged what the
 * group brings against its own base, never a pull request whose head it became, so it is none.
 */
export function isPullGreen(verdict: HeadVerdict | null | undefined, trusted: readonly string[]): boolean {
  return (
    verdict?.state === "success" &&
    trusted.includes(verdict.creator) &&
    !(verdict.description ?? "").startsWith(GROUP_GREEN)
  );
}

const BRANCH = /^gh-readonly-queue\/(.+)\/pr-([1-9]\d*)-[0-9a-f]{40}$/;

/** Which pull request a group is for, by its branch's name: checked against the queue, never trusted alone. */
export function groupBranch(branch: string): { base: string; number: number } | undefined {
  const match = BRANCH.exec(branch);
  return match ? { base: match[1]!, number: Number(match[2]) } : undefined;
}

/** The entries of the group, front first, or why they cannot be known. */
export function groupEntries(facts: GroupFacts): { entries: GroupEntry[] } | { refusal: string } {
  const named = groupBranch(facts.headBranch);
  if (!named) return { refusal: `${facts.headBranch} is not a merge queue's branch` };
  if (named.base !== facts.defaultBranch)
    return {
      refusal: `the group merges into ${named.base}; the registry checks ${facts.defaultBranch} only`,
    };
  const own = facts.entries.find((e) => e.groupSha === facts.headSha);
  if (!own) return { refusal: `the merge queue holds no entry whose group is ${facts.headSha.slice(0, 7)}` };
  if (own.number !== named.number)
    return {
      refusal: `the group's branch names #${named.number}, but the queue built it for #${own.number}`,
    };
  return {
    entries: facts.entries.filter((e) => e.position <= own.position).sort((a, b) => a.position - b.position),
  };
}

export function judgeGroup(facts: GroupFacts): GroupVerdict {
  const found = groupEntries(facts);
  if ("refusal" in found) return { state: "failure", description: found.refusal, pulls: [] };
  const { entries } = found;
  const pulls = entries.map((e) => e.number);
  const own = entries.at(-1)!.number;
  const fail = (description: string, blame: number): GroupVerdict => ({
    state: "failure",
    description,
    pulls,
    blame,
  });
  for (const e of entries) {
    if (!isPullGreen(facts.verdicts.get(e.number), facts.trusted))
      return fail(`#${e.number}'s head has no green ownership verdict`, e.number);
    if (!e.files) return fail(`#${e.number} changes more files than Report reads`, e.number);
  }
  if (!facts.changes) return fail("the group changes more files than GitHub lists", own);
  for (const change of facts.changes) {
    const bringers = entries.filter((e) => e.files!.includes(change.path));
    if (bringers.length === 0)
      return fail(`${change.path} changes in the group, but no pull request in it changes it`, own);
    const same = (e: GroupEntry) => {
      const blob = facts.blobs.get(`${e.number} ${change.path}`);
      return change.status === "removed" ? blob === null : blob === change.sha;
    };
    if (bringers.some(same)) continue;
    const blame = bringers.some((e) => e.number === own) ? own : bringers.at(-1)!.number;
    const many =
      bringers.length > 1
        ? ` (${bringers.length} pull requests change it: ${bringers.map((e) => `#${e.number}`).join(", ")})`
        : "";
    return fail(`${change.path} differs from what #${blame} brought${many}`, blame);
  }
  return {
    state: "success",
    description: `${GROUP_GREEN}: ${pulls.map((n) => `#${n}`).join(", ")}`,
    pulls,
  };
}
