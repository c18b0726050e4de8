import { mdLink, mdText } from "../../report/markdown-text.ts";
import type { Category } from "./classify.ts";
import type { OpenPull } from "./read-board.ts";

/**
 * The job summary: the organiser's board at the deadline, one table per category (the pull
 * request, its title, its author, why), each with what to do next. Titles and logins are the
 * participants' text, escaped (markdown-text.ts): they render as text, never as markup or a
 * mention.
 */
export interface Row {
  pull: OpenPull;
  why: string;
}
export interface BoardFacts {
  base: string;
  open: number;
  rows: Record<Category | "queued" | "left", Row[]>;
  /** Validate dispatched on merge groups that GitHub starts no run for (GITHUB_TOKEN's entries). */
  started: number;
  /** The schedule runs it again every 10 minutes and carries this run on (carry-on.ts). */
  carried?: boolean;
  /** A scheduled run that queued nothing while this many pull requests were still in the queue. */
  draining?: number;
  /** When the run stopped early: when to run it again, and what was spent. */
  stopped?: { until: Date; what: string } | undefined;
  /** The branch has no merge queue: the green pull requests were merged directly (`queued`), Publish started. */
  direct?: { published: boolean } | undefined;
}

/** What to do about each section's pull requests, when the schedule carries the run on and when not. */
const SECTIONS: Array<{ key: keyof BoardFacts["rows"]; title: string; next: string; carried?: string }> = [
  {
    key: "queued",
    title: "Queued now",
    next: "GitHub merges each with its group once Validate and Report pass on it; one removed from the queue is told why on its pull request.",
  },
  {
    key: "left",
    title: "Green, left for the next run",
    next: "Run this workflow again at the time above.",
    carried: "Nothing to do: the schedule queues them as the writes come back.",
  },
  { key: "inQueue", title: "Already in the queue", next: "Nothing to do: the queue merges them." },
  {
    key: "removed",
    title: "Removed from the queue",
    next: "The team pushes a fix; its new head is judged and can be queued.",
    carried: "The team pushes a fix; once its new head is green, the schedule queues it.",
  },
  {
    key: "late",
    title: "Late, awaiting an organiser's approval",
    next: "Approve the pull request to accept it; Report judges it again, then run this workflow again.",
    carried: "Approve the pull request to accept it; Report judges it again, and the schedule queues it.",
  },
  {
    key: "refused",
    title: "Refused",
    next: "Each pull request's comment says why; its author can fix it, or an organiser approves.",
  },
  {
    key: "waiting",
    title: "No verdict yet",
    next: "Wait for Report, or run Sweep (Actions → Sweep → Run workflow), then run this workflow again.",
    carried: "Wait for Report (the Sweep starts one that is missing); the schedule queues each once green.",
  },
];

const MERGED_NEXT =
  "Publish builds the branch; if two of them clash (two teams of one name), its build fails, names the records, and the site stays as it was.";
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const clock = (at: Date) => `${at.toISOString().slice(11, 16)} UTC`;

export function renderBoard(facts: BoardFacts): string {
  const { rows, direct } = facts;
  const base = mdText(facts.base, 100);
  const open = count(facts.open, "open pull request");
  const lines = [
    `# Queue green pull requests into ${base}`,
    "",
    direct
      ? `${base} has no merge queue: merged ${rows.queued.length} of ${open} directly, oldest first` +
        (direct.published ? "; Publish started." : ".")
      : `Queued ${rows.queued.length} of ${open}, oldest first` +
        (facts.started ? `; Validate started on ${count(facts.started, "merge group")}.` : "."),
    "",
  ];
  if (facts.stopped)
    lines.push(
      `**${rows.left.length} left to ${direct ? "merge" : "queue"}**: the hour's ${facts.stopped.what} are spent; ` +
        (facts.carried
          ? `the schedule runs this every 10 minutes and goes on as they come back (by ${clock(facts.stopped.until)}).`
          : `run it again after ${clock(facts.stopped.until)}.`),
      "",
    );
  if (facts.draining)
    lines.push(
      `**${rows.left.length} left to queue**: ${count(facts.draining, "pull request")} still in the queue; the schedule adds these once it has emptied, so the hour's writes go to the verdicts of the groups in it first.`,
      "",
    );
  // The green ones stopped early are shown only when some are left.
  for (const section of SECTIONS.filter((s) => s.key !== "left" || rows.left.length > 0)) {
    const list = rows[section.key];
    const merged = direct !== undefined && section.key === "queued";
    lines.push(`## ${merged ? "Merged now" : section.title} (${list.length})`, "");
    if (list.length === 0) {
      lines.push("None.", "");
      continue;
    }
    lines.push(
      merged ? MERGED_NEXT : (facts.carried && section.carried) || section.next,
      "",
      "| Pull request | Title | Author | Why |",
      "| --- | --- | --- | --- |",
    );
    for (const { pull, why } of list)
      lines.push(
        `| ${mdLink(`#${pull.number}`, pull.url)} | ${mdText(pull.title, 120)} | ${mdText(pull.author, 60)} | ${mdText(why, 300)} |`,
      );
    lines.push("");
  }
  return lines.join("\n");
}
