import { isPullGreen } from "../queue/judge-group.ts";
import type { OpenPull } from "./read-board.ts";

/**
 * Where an open pull request stands at the deadline, from the ownership status on its current
 * head. Only Report's own status counts (the Actions bot's, or the App's bot's): a status anyone
 * else set is no verdict. Fail closed: only a green verdict from Report is queued.
 * - `green`: Report's `success` on the current head, and GitHub has a merge for it;
 * - `late`: Report's `failure` saying "late:": an organiser's approval turns it green;
 * - `refused`: any other failure or error of Report's, or a conflict with the base branch;
 * - `waiting`: no verdict yet (no status, a pending one, or one Report did not set), or a draft
 *   (GitHub merges no draft: tried on every run it would spend a write each time to be refused);
 * - `inQueue`: already in the merge queue;
 * - `removed`: GitHub's merge queue removed it at its current head (its group failed, a conflict,
 *   an organiser's removal): queued again it would fail again, rebuild every group behind it and be
 *   told again, so it waits for a new head. A timeout says nothing against the pull request (its
 *   checks never reported), so it is queued again.
 */
export type Category = "green" | "inQueue" | "late" | "refused" | "removed" | "waiting";

export interface Placed {
  pull: OpenPull;
  category: Category;
  why: string;
}

export function classify(pull: OpenPull, trusted: readonly string[], base: string): Placed {
  const place = (category: Category, why: string): Placed => ({ pull, category, why });
  const head = pull.headSha.slice(0, 7);
  if (pull.inQueue) return place("inQueue", "in the merge queue");
  const removed = pull.removed;
  if (removed && removed.head === pull.headSha && !/timed out/i.test(removed.reason))
    return place(
      "removed",
      `removed from the queue at ${head}${removed.at ? ` at ${removed.at.slice(11, 16)} UTC` : ""}: ${removed.reason || "GitHub gave no reason"}`,
    );
  if (pull.draft)
    return place("waiting", "a draft: GitHub merges it once its author marks it ready for review");
  // A conflict gets no Validate run, so no verdict ever comes: waiting would never end.
  if (pull.mergeable === "CONFLICTING")
    return place("refused", `conflicts with ${base}: its author must update the branch`);
  const verdict = pull.verdict;
  if (!verdict) return place("waiting", `no ownership status on its head ${head} yet`);
  if (!trusted.includes(verdict.creator))
    return place("waiting", `the ownership status on ${head} was set by ${verdict.creator}, not by Report`);
  if (verdict.state === "pending")
    return place("waiting", verdict.description || `Report has not judged ${head} yet`);
  // Report's green on a merge group's commit is the group's: a pull request with that head has none of its own.
  if (verdict.state === "success" && !isPullGreen(verdict, trusted))
    return place(
      "waiting",
      `its head ${head} is a merge group's commit: Report has not judged this pull request`,
    );
  if (verdict.state === "success") return place("green", `green verdict on ${head}`);
  if (verdict.description.startsWith("late:")) return place("late", verdict.description);
  return place("refused", verdict.description || `Report's verdict on ${head} is ${verdict.state}`);
}
